package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import io.sluice.runtime.JobFailedException;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class CheckpointRecoveryTest {
    private static final int ROWS = 50_000;
    private static final int KEYS = 50;

    @TempDir
    Path checkpoints;

    private final TestTable words = JobRunTest.table(input());
    private final TestTable counts = JobRunTest.table(List.of());
    private final OperatorFactory countingOperators = node -> new CountPerKeyOperator();

    private static List<Row> input() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(Row.insert("key" + (i % KEYS)));
        }
        return rows;
    }

    private ExecPlan plan(Map<String, String> extraConfiguration) {
        return plan(extraConfiguration, counts);
    }

    /** The job's plan, its sink table {@code counts} writing into {@code sink}, as a changed option would say. */
    private ExecPlan plan(Map<String, String> extraConfiguration, TestTable sink) {
        Map<String, String> configuration = new HashMap<>(Map.of("parallelism.default", "2",
                "execution.checkpointing.interval", "20 ms", "execution.checkpointing.dir", checkpoints.toString()));
        configuration.putAll(extraConfiguration);
        ExecNode count = TestPlans.countPerWord(3, TestPlans.hash(2, TestPlans.source(1, words.name), 0));
        ExecNodes.Sink counting = TestPlans.sink(4, count, counts.name);
        return JobRunTest.plan(configuration, new ExecNodes.Sink(counting.id(), count, counting.table(),
                counting.schema(), Map.of("connector", "test-table", "name", sink.name), counting.outputType(),
                counting.changelogMode()));
    }

    /** Runs the job until its sink breaks after a few checkpoints; returns the job's checkpoint directory. */
    private Path runUntilSinkBreaks() {
        words.pauseEvery = 100;
        counts.failAfterRows = ROWS / 3;
        counts.failAfterCheckpoints = 2;
        JobRun broken = JobRunTest.start(plan(Map.of()), countingOperators);
        assertThatThrownBy(broken::await).isInstanceOf(JobFailedException.class).hasMessageContaining("broke")
                .hasMessageContaining(") is in " + broken.checkpointDirectory() + "; restore from it (--restore");
        counts.failAfterRows = -1;
        return broken.checkpointDirectory();
    }

    @Test
    void restoredJobEndsWithTheExactResult() throws IOException {
        Path jobCheckpoints = runUntilSinkBreaks();
        long readBeforeRestore = words.rowsRead.get();

        JobRunTest.start(plan(Map.of("execution.state-recovery.path", jobCheckpoints.toString())), countingOperators)
                .await();

        assertThat(words.rowsRead.get() - readBeforeRestore).isLessThan(ROWS);
        Map<Object, Long> table = JobRunTest.upsertTable(counts);
        assertThat(table).hasSize(KEYS).allSatisfy((key, count) -> assertThat(count).isEqualTo(ROWS / KEYS));
        try (Stream<Path> kept = Files.list(jobCheckpoints)) {
            assertThat(kept.map(p -> p.getFileName().toString()).toList())
                    .isNotEmpty().hasSizeLessThanOrEqualTo(3).allMatch(name -> name.matches("chk-\\d+"));
        }
    }

    /** The documented way out of a failure, fixing an option and restoring, works: options are not the plan. */
    @Test
    void restoreAfterAnOptionOnlyChangeEndsWithTheExactResult() {
        Path jobCheckpoints = runUntilSinkBreaks();
        TestTable moved = JobRunTest.table(List.of());

        JobRunTest.start(plan(Map.of("execution.state-recovery.path", jobCheckpoints.toString()), moved),
                countingOperators).await();

        // The new table gets the keys that changed after the checkpoint, each with its whole count: the
        // counts before the checkpoint came back with the state.
        assertThat(JobRunTest.upsertTable(moved)).isNotEmpty()
                .allSatisfy((key, count) -> assertThat(count).isEqualTo(ROWS / KEYS));
    }

    @Test
    void restoreWithOtherParallelismIsRejected() {
        Path jobCheckpoints = runUntilSinkBreaks();

        assertThatThrownBy(() -> JobRunTest.start(plan(Map.of("parallelism.default", "1",
                "execution.state-recovery.path", jobCheckpoints.toString())), countingOperators))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("was written with parallelism 2").hasMessageContaining("parallelism.default");
    }

    @Test
    void restoreFromNowhereIsRejected() {
        Path missing = checkpoints.resolve("missing");

        assertThatThrownBy(() -> JobRunTest.start(plan(Map.of("execution.state-recovery.path", missing.toString())),
                countingOperators))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("No completed checkpoint at '" + missing + "'");
    }
}
