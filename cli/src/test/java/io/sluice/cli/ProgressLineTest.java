package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runtime.JobProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final ProgressLine line = new ProgressLine(new PrintStream(err, true, StandardCharsets.UTF_8), false);

    @Test
    void theSummaryCountsLateRowsWhenAWindowDroppedSome() {
        line.onFinished(new JobProgress(1_200, 30, 0, 0, 0, 0, 1_042, Map.of(), Map.of()));

        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("Job ended: rows in 1,200 | rows written 30")
                .contains("  late rows dropped: 1,042 (the watermark had passed them)");
    }

    @Test
    void noLateRowsNoLine() {
        line.onFinished(new JobProgress(5, 5, 0, 0, 0, 0, 0, Map.of("t", Map.of("flushes.close", 1L)), Map.of()));

        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("late rows").contains("sink t: flushes.close=1")
                .doesNotContain("reduction");
    }

    @Test
    void theSummarySaysHowManyChangesEachWrittenRowStoodFor() {
        line.onFinished(new JobProgress(1_000, 1_000, 0, 0, 0, 0, 0, Map.of("t",
                Map.of("rows-received", 1_000L, "upserts", 180L, "deletes", 20L, "flushes.count", 4L)), Map.of()));

        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("| reduction 5.00x (1,000 changes, 200 rows written)");
    }
}
