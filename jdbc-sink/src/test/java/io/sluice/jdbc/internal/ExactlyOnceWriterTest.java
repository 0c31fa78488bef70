package io.sluice.jdbc.internal;

import static io.sluice.api.data.RowKind.DELETE;
import static io.sluice.api.data.RowKind.INSERT;
import static io.sluice.api.data.RowKind.UPDATE_AFTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.RowKind;
import io.sluice.jdbc.JdbcSinkException;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.internal.ProgressStore.Progress;
import java.io.Serializable;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once writer over a {@link FakeDatabase} with a fake progress row: nothing is written
 * before a commit, each checkpoint's rows are committed once with the progress row, restores commit
 * only what is missing, and zombies are fenced off.
 */
class ExactlyOnceWriterTest {
    private final FakeDatabase database = new FakeDatabase(0);
    private final FakeProgressStore progress = new FakeProgressStore(database);
    private final List<Duration> sleeps = new ArrayList<>();

    private final List<Throwable> reportedFailures = new CopyOnWriteArrayList<>();

    private ExactlyOnceWriter writer(int maxRows) {
        return writer(maxRows, false);
    }

    private ExactlyOnceWriter writer(int maxRows, boolean pipelined) {
        SinkTable table = new SinkTable("JDBC table 'orders'", new TableDefinition("orders", WriterFixture.COLUMNS,
                List.of("id")));
        SinkMetrics metrics = new SinkMetrics();
        ChangeWriter changeWriter = new ChangeWriter(table, database.writer(), database,
                new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(60), sleeps::add), true, metrics,
                new ColumnDiagnosis(table.columnNames(), "orders"),
                new SlowFlushWarning(table.label(), Duration.ZERO));
        PendingCheckpoints pending = new PendingCheckpoints(new ReduceBuffer(table.keyIndexes()),
                () -> new ReduceBuffer(table.keyIndexes()), maxRows, table.label());
        return new ExactlyOnceWriter(pending, new CheckpointCommitter(progress, changeWriter, database, table.label()),
                metrics, pipelined, "test-commit", new SinkContext("job", 0, 1, reportedFailures::add), () -> { },
                table.label());
    }

    private ExactlyOnceWriter started(Serializable restoredState) throws Exception {
        ExactlyOnceWriter writer = writer(1000);
        writer.initializeState(restoredState);
        return writer;
    }

    private ExactlyOnceWriter startedPipelined() throws Exception {
        ExactlyOnceWriter writer = writer(1000, true);
        writer.initializeState(null);
        return writer;
    }

    @Test
    void pipelinedTheJobGoesOnWhileACommitRunsAndACheckpointTakenMeanwhileStillHoldsItsRows() throws Exception {
        ExactlyOnceWriter writer = startedPipelined();
        int commitsOfTheClaim = database.commits;
        write(writer, INSERT, 1, 10);
        writer.snapshotState(1);
        database.holdWrites();
        writer.commitCheckpoint(1);
        write(writer, INSERT, 2, 20);
        PendingCheckpoints.State checkpoint2 = (PendingCheckpoints.State) writer.snapshotState(2);
        assertThat(database.commits).as("checkpoint 1 is still being committed").isEqualTo(commitsOfTheClaim);
        assertThat(checkpoint2.batches()).extracting(PendingCheckpoints.Sealed::checkpointId).containsExactly(1L, 2L);

        database.releaseWrites();
        writer.commitCheckpoint(2);
        writer.close();

        assertThat(database.statements()).as("one commit per checkpoint, in order").containsExactly("UPSERT 1", "UPSERT 1");
        assertThat(database.table()).containsOnlyKeys(List.of(1L), List.of(2L));
        assertThat(progress.committed()).isEqualTo(new Progress(2, 1));
        assertThat(reportedFailures).isEmpty();
    }

    @Test
    void pipelinedTheCommitOfTheEndOfTheInputReturnsOnlyOnceItIsDone() throws Exception {
        ExactlyOnceWriter writer = startedPipelined();
        write(writer, INSERT, 1, 10);
        writer.snapshotState(SinkWriter.END_OF_INPUT);

        writer.commitCheckpoint(SinkWriter.END_OF_INPUT);

        assertThat(database.table()).containsOnlyKeys(List.of(1L));
        assertThat(progress.committed().checkpointId()).isEqualTo(SinkWriter.END_OF_INPUT);
    }

    @Test
    void pipelinedACommitFailureFailsTheJobAtOnceAndEveryLaterCallThrowsIt() throws Exception {
        ExactlyOnceWriter writer = startedPipelined();
        write(writer, INSERT, 1, 10);
        writer.snapshotState(1);
        database.failNextWrites(new SQLException("permission denied for table orders", "42501"));

        writer.commitCheckpoint(1);
        Throwable reported = catchThrowable(writer::close);

        assertThat(reported).isInstanceOf(JdbcSinkException.class).hasMessageContaining("permission denied");
        awaitReported();
        assertThat(reportedFailures).containsExactly(reported);
        assertThatThrownBy(() -> write(writer, INSERT, 2, 20)).isSameAs(reported);
        assertThatThrownBy(() -> writer.snapshotState(2)).isSameAs(reported);
        assertThat(database.table()).isEmpty();
        assertThat(progress.committed().checkpointId()).as("checkpoint 1 stays uncommitted for a restore").isZero();
    }


    private static void write(SinkWriter writer, RowKind kind, long id, int amount) throws Exception {
        writer.write(WriterFixture.row(kind, id, amount, "s" + amount));
    }

    private void awaitReported() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (reportedFailures.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    @Test
    void rowsWaitUntilTheirCheckpointIsCommittedWithTheProgressRow() throws Exception {
        ExactlyOnceWriter writer = started(null);
        write(writer, INSERT, 1, 10);
        writer.flush();
        writer.snapshotState(1);
        write(writer, INSERT, 2, 20);
        writer.snapshotState(2);
        assertThat(database.table()).as("nothing before a commit").isEmpty();

        writer.commitCheckpoint(1);

        assertThat(database.table()).containsOnlyKeys(List.of(1L));
        assertThat(progress.committed()).isEqualTo(new Progress(1, 1));
        writer.commitCheckpoint(2);
        assertThat(database.table()).containsOnlyKeys(List.of(1L), List.of(2L));
        assertThat(progress.committed()).isEqualTo(new Progress(2, 1));
        assertThat(writer.metrics()).containsEntry("flushes.commit", 2L);
    }

    @Test
    void checkpointsCommittedTogetherGoInOneTransactionWithTheLaterChangeOfAKey() throws Exception {
        ExactlyOnceWriter writer = started(null);
        int commitsAfterClaim = database.commits;
        write(writer, INSERT, 1, 10);
        write(writer, INSERT, 2, 20);
        writer.snapshotState(1);
        write(writer, UPDATE_AFTER, 1, 11);
        write(writer, DELETE, 2, 20);
        writer.snapshotState(2);

        writer.commitCheckpoint(2);

        assertThat(database.commits - commitsAfterClaim).isEqualTo(1);
        assertThat(database.statements()).containsExactly("UPSERT 1", "DELETE 1");
        assertThat(database.table().get(List.of(1L))).containsExactly(1L, 11, "s11");
        assertThat(database.table()).doesNotContainKey(List.of(2L));
    }

    @Test
    void aCheckpointIsCommittedOnceEvenWhenAskedAgainOrAfterALostAcknowledgement() throws Exception {
        ExactlyOnceWriter writer = started(null);
        write(writer, INSERT, 1, 10);
        writer.snapshotState(1);
        writer.commitCheckpoint(1);
        writer.commitCheckpoint(1);
        write(writer, INSERT, 2, 20);
        writer.snapshotState(2);
        progress.set(2, 1);

        writer.commitCheckpoint(2);

        assertThat(database.statements()).as("checkpoint 2 counts as committed").containsExactly("UPSERT 1");
    }

    @Test
    void aTransientFailureRetriesTheWholeTransactionAndAdvancesTheProgressOnce() throws Exception {
        ExactlyOnceWriter writer = started(null);
        write(writer, INSERT, 1, 10);
        writer.snapshotState(1);
        database.failNextWrites(new SQLException("deadlock", "40P01"));

        writer.commitCheckpoint(1);

        assertThat(sleeps).hasSize(1);
        assertThat(database.statements()).containsExactly("UPSERT 1");
        assertThat(progress.committed()).isEqualTo(new Progress(1, 1));
    }

    @Test
    void aRestoredWriterCommitsOnlyTheCheckpointsTheProgressRowLacks() throws Exception {
        ExactlyOnceWriter crashed = started(null);
        write(crashed, INSERT, 1, 10);
        crashed.snapshotState(1);
        write(crashed, INSERT, 2, 20);
        Serializable checkpoint2 = crashed.snapshotState(2);
        crashed.commitCheckpoint(1);
        database.forgetStatements();

        ExactlyOnceWriter restored = started(checkpoint2);

        assertThat(database.statements()).as("checkpoint 2 only").containsExactly("UPSERT 1");
        assertThat(database.table()).containsOnlyKeys(List.of(1L), List.of(2L));
        assertThat(progress.committed()).isEqualTo(new Progress(2, 2));
        write(restored, UPDATE_AFTER, 2, 21);
        restored.snapshotState(3);
        restored.commitCheckpoint(3);
        assertThat(database.table().get(List.of(2L))).containsExactly(2L, 21, "s21");
    }

    @Test
    void restoringACheckpointOlderThanTheCommittedOneFails() throws Exception {
        ExactlyOnceWriter first = started(null);
        write(first, INSERT, 1, 10);
        Serializable checkpoint1 = first.snapshotState(1);
        first.snapshotState(2);
        first.commitCheckpoint(2);

        assertThatThrownBy(() -> started(checkpoint1)).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("checkpoint 2 was committed, but the job resumes from checkpoint 1")
                .hasMessageContaining("Restore the newest checkpoint");
    }

    @Test
    void aSubtaskThatCommittedItsWholeInputCommitsNothingMoreAfterLaterRestores() throws Exception {
        ExactlyOnceWriter finished = started(null);
        write(finished, INSERT, 1, 10);
        Serializable last = finished.snapshotState(SinkWriter.END_OF_INPUT);
        finished.commitCheckpoint(SinkWriter.END_OF_INPUT);
        ExactlyOnceWriter restoredOnce = started(last);
        write(restoredOnce, INSERT, 1, 10);
        Serializable periodic = restoredOnce.snapshotState(9);
        database.forgetStatements();

        ExactlyOnceWriter restoredAgain = started(periodic);
        restoredAgain.snapshotState(SinkWriter.END_OF_INPUT);
        restoredAgain.commitCheckpoint(SinkWriter.END_OF_INPUT);

        assertThat(database.statements()).as("the replayed row is committed already").isEmpty();
        assertThat(progress.committed().checkpointId()).isEqualTo(SinkWriter.END_OF_INPUT);
    }

    @Test
    void aFreshStartForgetsWhatAnEarlierRunCommitted() throws Exception {
        progress.set(7, 3);
        ExactlyOnceWriter writer = started(null);
        write(writer, INSERT, 1, 10);
        writer.snapshotState(1);

        writer.commitCheckpoint(1);

        assertThat(progress.committed()).isEqualTo(new Progress(1, 4));
        assertThat(database.table()).containsOnlyKeys(List.of(1L));
    }

    @Test
    void aZombieOfAnOlderAttemptIsFencedAndWritesNothing() throws Exception {
        ExactlyOnceWriter zombie = started(null);
        write(zombie, INSERT, 1, 10);
        Serializable state = zombie.snapshotState(1);
        ExactlyOnceWriter newer = started(state);
        database.forgetStatements();
        write(zombie, INSERT, 2, 20);
        zombie.snapshotState(2);

        assertThatThrownBy(() -> zombie.commitCheckpoint(2)).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("was fenced by a newer attempt (this attempt has epoch 1, progress table "
                        + "'progress' has epoch 2)")
                .hasMessageContaining("without committing checkpoint 2");
        assertThat(database.statements()).isEmpty();
        assertThat(database.table()).containsOnlyKeys(List.of(1L));
        assertThat(newer.writesOnCommit()).isTrue();
    }

    @Test
    void moreRowsThanTheBoundFailClearlyCountingSealedOnes() throws Exception {
        ExactlyOnceWriter writer = writer(3);
        writer.initializeState(null);
        write(writer, INSERT, 1, 10);
        write(writer, INSERT, 2, 20);
        writer.snapshotState(1);
        write(writer, INSERT, 3, 30);
        write(writer, UPDATE_AFTER, 3, 31);

        assertThatThrownBy(() -> write(writer, INSERT, 4, 40)).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("JDBC table 'orders': exactly-once delivery holds 4 rows")
                .hasMessageContaining("'sink.exactly-once.max-buffered-rows' = 3")
                .hasMessageContaining("'execution.checkpointing.interval'");
    }

    @Test
    void closeWritesNothing() throws Exception {
        ExactlyOnceWriter writer = started(null);
        write(writer, INSERT, 1, 10);
        writer.snapshotState(1);

        writer.close();

        assertThat(database.table()).isEmpty();
    }
}
