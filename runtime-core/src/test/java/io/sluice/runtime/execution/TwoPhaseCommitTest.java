package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.runtime.JobFailedException;
import io.sluice.runtime.plan.ExecPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sinks that write on commit: the runtime stores what they seal at a checkpoint, tells them to commit
 * only once the checkpoint is on disk, takes a last checkpoint when a bounded input ends, and hands
 * the sealed state back on restore.
 */
@Timeout(60)
class TwoPhaseCommitTest {
    private static final int ROWS = 20_000;
    private final OperatorFactory noKeyedOperators = node -> {
        throw new IllegalStateException("no keyed operator expected: " + node);
    };

    @TempDir
    Path checkpoints;

    private final TestTable words = JobRunTest.table(input());
    private final TestTable out = JobRunTest.table(List.of());

    private static List<Row> input() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(Row.insert("w" + i));
        }
        return rows;
    }

    private ExecPlan plan(int parallelism, Map<String, String> extraConfiguration) {
        Map<String, String> configuration = new HashMap<>(Map.of("parallelism.default", String.valueOf(parallelism),
                "execution.checkpointing.interval", "10 ms", "execution.checkpointing.dir", checkpoints.toString()));
        configuration.putAll(extraConfiguration);
        return JobRunTest.plan(configuration, TestPlans.sink(2, TestPlans.source(1, words.name), out.name));
    }

    @Test
    void commitsComeOnlyAfterTheirCheckpointIsOnDiskAndTheLastOneAfterTheInputEnded() {
        words.pauseEvery = 200;
        out.twoPhase = true;

        JobRunTest.start(plan(2, Map.of()), noKeyedOperators).await();

        assertThat(out.commits).as("periodic commits").hasSizeGreaterThan(2);
        assertThat(out.commitsBeforeDurable).isEmpty();
        assertThat(out.commits).filteredOn(id -> id == SinkWriter.END_OF_INPUT).as("one last commit per subtask")
                .hasSize(2);
        assertThat(out.writtenText()).containsExactlyInAnyOrderElementsOf(words.rows.stream().map(Row::toString)
                .toList());
    }

    @Test
    void aRestoredWriterGetsItsPendingStateBackAndNothingIsLostOrRepeated() {
        words.pauseEvery = 100;
        out.twoPhase = true;
        out.commitsHeld = true;
        out.failAfterRows = ROWS / 3;
        out.failAfterCheckpoints = 2;
        JobRun broken = JobRunTest.start(plan(1, Map.of()), noKeyedOperators);
        assertThatThrownBy(broken::await).isInstanceOf(JobFailedException.class).hasMessageContaining("broke");
        assertThat(out.written).as("nothing was committed").isEmpty();
        long restoredId = CheckpointStorage.load(broken.checkpointDirectory()).checkpoint().checkpointId();

        out.commitsHeld = false;
        out.failAfterRows = -1;
        JobRunTest.start(plan(1, Map.of("execution.state-recovery.path", broken.checkpointDirectory().toString())),
                noKeyedOperators).await();

        assertThat(out.restoredPending).isNotEmpty().isEqualTo(out.sealedStates.get(restoredId));
        assertThat(out.writtenText()).containsExactlyInAnyOrderElementsOf(words.rows.stream().map(Row::toString)
                .toList());
    }

    @Test
    void aWriterThatWritesOnCommitNeedsCheckpoints() {
        out.twoPhase = true;
        Map<String, String> noCheckpoints = Map.of("parallelism.default", "1");

        assertThatThrownBy(() -> JobRunTest.start(JobRunTest.plan(noCheckpoints,
                TestPlans.sink(2, TestPlans.source(1, words.name), out.name)), noKeyedOperators).await())
                .isInstanceOf(JobFailedException.class)
                .hasMessageContaining("writes only when a checkpoint completes")
                .hasMessageContaining("'execution.checkpointing.interval'");
    }
}
