package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runtime.JobProgress;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SinkFlushesTest {

    @Test
    void keepsTheLatestFlushCountsSummedOverSinks() {
        SinkFlushes flushes = new SinkFlushes();
        flushes.onProgress(new JobProgress(1, 1, 0, 0, 0, 0, 0, Map.of("a", Map.of("flushes.count", 1L)), Map.of()));
        flushes.onFinished(new JobProgress(9, 9, 0, 0, 0, 0, 0, Map.of(
                "a", Map.of("flushes.count", 3L, "flushes.close", 1L, "rows-received", 9L),
                "b", Map.of("flushes.count", 2L)), Map.of()));

        assertThat(flushes.byReason()).isEqualTo(Map.of("count", 5L, "close", 1L));
    }
}
