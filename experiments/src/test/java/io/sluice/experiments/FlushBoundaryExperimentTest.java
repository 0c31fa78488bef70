package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Seed 002 §19 end to end, through the planner, the runtime and the jdbc sink, on the local PostgreSQL. */
class FlushBoundaryExperimentTest {
    private static final int CHANGES = 400;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @Test
    void scenarioAWritesTheInputInOneFlushSoTheKeyIsNeverSeenAbsent() throws Exception {
        ExperimentSummary summary = run(Scenario.PAIR_IN_ONE_FLUSH);

        assertThat(summary.gaps()).isZero();
        assertThat(summary.flushesByReason()).containsEntry("count", 0L);
        assertThat(summary.flushesByReason().values().stream().mapToLong(Long::longValue).sum())
                .as("the whole input in one flush").isEqualTo(1);
        assertThat(summary.finalValue()).isEqualTo(summary.expectedValue());
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("gaps seen          0");
    }

    @Test
    void scenarioBFlushesAsFastAsTheDatabaseCommitsAndTheTableEndsRight() throws Exception {
        ExperimentSummary summary = run(Scenario.FLUSH_PER_ROW);

        assertThat(summary.flushesByReason().get("count")).isGreaterThan(1).isLessThanOrEqualTo(CHANGES);
        assertThat(summary.finalValue()).isEqualTo(summary.expectedValue());
    }

    private ExperimentSummary run(Scenario scenario) throws Exception {
        DatabaseTarget database = LocalDatabases.postgres();
        FlushBoundaryOptions options = new FlushBoundaryOptions(ExperimentDatabase.POSTGRES, scenario, true,
                database.jdbcUrl(), database.username(), database.password(), CHANGES);

        ExperimentSummary summary = new FlushBoundaryExperiment(options, Map.of())
                .run(new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        Path directory = options.outputDirectory();
        assertThat(Files.readAllLines(directory.resolve("observations.csv"))).hasSize(summary.observations() + 1)
                .first().isEqualTo(ObservationCsv.HEADER);
        assertThat(directory.resolve("summary.txt")).hasContent(summary.text());
        assertThat(Files.readString(directory.resolve("timeline.svg"))).startsWith("<svg").endsWith("</svg>\n");
        return summary;
    }
}
