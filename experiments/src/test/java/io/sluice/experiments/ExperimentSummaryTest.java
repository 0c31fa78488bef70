package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runtime.JobProgress;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExperimentSummaryTest {

    @Test
    void countsFlushesByReasonGapsAndHowFinelyTheObserverSaw() {
        SinkFlushes flushes = new SinkFlushes();
        flushes.onFinished(new JobProgress(20, 20, 0, 0, 0, 0, 0, Map.of("orders_rt",
                Map.of("flushes.count", 20L, "flushes.close", 0L, "upserts", 15L)), Map.of()));

        ExperimentSummary summary = new ExperimentSummary("postgres, scenario flush-per-row", "jdbc:postgresql://db/test",
                ChangelogGenerator.generate(20), flushes.byReason(), new Timeline(TimelineTest.OBSERVATIONS));

        assertThat(summary.text()).isEqualTo("""
                Flush-boundary experiment: postgres, scenario flush-per-row
                  database           jdbc:postgresql://db/test
                  changes            20 (2 delete/re-insert pairs of key 1001)
                  flushes            20 {close=0, count=20}
                  commits seen       5
                  observations       9 (apart: median 1.000 ms, longest 1.500 ms)
                  gaps seen          2
                  median gap         2.000 ms
                  longest gap        2.000 ms
                  final value        absent (expected 2)
                """);
    }
}
