package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ObservationCsvTest {

    @Test
    void writesMillisecondsWithMicrosecondsAndLeavesTheValueOfAnAbsentKeyEmpty() {
        String csv = ObservationCsv.format(List.of(new Observation(1_718_000_000_123_045L, 7L, 12),
                new Observation(1_718_000_000_124_300L, null, 13)));

        assertThat(csv).isEqualTo("""
                timestamp_ms,present,value,committed_seq
                1718000000123.045,true,7,12
                1718000000124.300,false,,13
                """);
    }
}
