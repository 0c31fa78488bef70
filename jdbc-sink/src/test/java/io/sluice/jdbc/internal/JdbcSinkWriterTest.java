package io.sluice.jdbc.internal;

import static io.sluice.api.data.RowKind.DELETE;
import static io.sluice.api.data.RowKind.INSERT;
import static io.sluice.api.data.RowKind.UPDATE_AFTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.sluice.jdbc.JdbcSinkException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class JdbcSinkWriterTest {

    @Test
    void flushesWhenMaxRowsArrivedAndRestartsTheTimer() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(3);
        fixture.write(INSERT, 1L, 1, "a", UPDATE_AFTER, 1L, 2, "b");
        assertThat(fixture.database.statements()).isEmpty();
        assertThat(fixture.metric("buffer-size")).isEqualTo(1);

        fixture.write(INSERT, 2L, 1, "c");
        fixture.awaitCommits(1);

        assertThat(fixture.database.statements()).containsExactly("UPSERT 2");
        assertThat(fixture.metric("flushes.count")).isEqualTo(1);
        assertThat(fixture.metric("rows-received")).isEqualTo(3);
        assertThat(fixture.metric("rows-reduced")).isEqualTo(1);
        assertThat(fixture.metric("upserts")).isEqualTo(2);
        assertThat(fixture.metric("buffer-size")).isZero();
        assertThat(fixture.timer.restarts).isEqualTo(1);
    }

    @Test
    void theTimerFlushesWhatArrivedSinceTheLastFlush() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.write(INSERT, 1L, 1, "a", DELETE, 2L, 1, "b");

        fixture.timer.fire();
        fixture.awaitCommits(1);

        assertThat(fixture.database.statements()).containsExactly("UPSERT 1", "DELETE 1");
        assertThat(fixture.database.commits).isEqualTo(1);
        assertThat(fixture.metric("flushes.interval")).isEqualTo(1);
        assertThat(fixture.metric("deletes")).isEqualTo(1);
        fixture.timer.fire();
        assertThat(fixture.metric("flushes.interval")).as("an empty buffer is not flushed").isEqualTo(1);
    }

    @Test
    void countsTheStatementsAndRoundTripsTheDialectReports() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 1, "b", DELETE, 3L, 1, "c");
        fixture.timer.fire();
        fixture.awaitCommits(1);
        fixture.write(INSERT, 4L, 1, "d");
        fixture.timer.fire();
        fixture.awaitCommits(2);

        assertThat(fixture.database.statements()).containsExactly("UPSERT 2", "DELETE 1", "UPSERT 1");
        assertThat(fixture.metric("statements")).isEqualTo(4);
        assertThat(fixture.metric("round-trips")).isEqualTo(3);
    }

    @Test
    void aCheckpointReturnsOnlyAfterTheFlushCommitted() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.write(INSERT, 1L, 1, "a");

        fixture.writer.snapshot(7);

        assertThat(fixture.database.table()).containsOnlyKeys(List.of(1L));
        assertThat(fixture.metric("flushes.checkpoint")).isEqualTo(1);
    }

    @Test
    void closeFlushesTheRestThenReleasesTheTimerAndThePool() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.write(INSERT, 1L, 1, "a");

        fixture.writer.close();

        assertThat(fixture.database.table()).containsOnlyKeys(List.of(1L));
        assertThat(fixture.metric("flushes.close")).isEqualTo(1);
        assertThat(fixture.timer.closed).isTrue();
        assertThat(fixture.released).isTrue();
    }

    @Test
    void withoutAKeyEveryRowIsInserted() throws Exception {
        WriterFixture fixture = WriterFixture.appendOnly(2);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 1L, 1, "a");
        fixture.awaitCommits(1);

        assertThat(fixture.database.statements()).containsExactly("INSERT 2");
        assertThat(fixture.database.appendedRows()).hasSize(2);
        assertThat(fixture.metric("inserts")).isEqualTo(2);
    }

    @Test
    void timerFlushesRacingWithWritesLoseNoRow() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(7);
        fixture.database.slowWrites(200_000);
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread timer = new Thread(() -> {
            while (writing.get()) {
                fireQuietly(fixture.timer);
            }
        });
        timer.start();
        Map<List<Object>, List<Object>> expected = new HashMap<>();
        for (long i = 0; i < 5_000 || fixture.metrics.flushes(FlushReason.INTERVAL) == 0; i++) {
            fixture.write(INSERT, i % 50, (int) i, "s" + i);
            expected.put(List.of(i % 50), List.of(i % 50, (int) i, "s" + i));
        }
        writing.set(false);
        timer.join();
        fixture.writer.close();

        assertThat(fixture.reportedFailures).isEmpty();
        assertThat(fixture.database.table()).isEqualTo(expected);
    }

    private static void fireQuietly(ManualFlushTimer timer) {
        try {
            timer.fire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aTimerFailureFailsTheJobAtOnceAndEveryLaterCallThrowsTheSameException() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100, 0, true);
        fixture.write(INSERT, 1L, 1, "a");
        fixture.database.failNextWrites(new SQLException("relation \"orders\" does not exist", "42P01"));

        fixture.timer.fire();

        Throwable reported = fixture.awaitReportedFailure();
        assertThat(reported).isInstanceOf(JdbcSinkException.class).hasMessageContaining("42P01");
        assertThat(catchThrowable(() -> fixture.write(INSERT, 2L, 1, "b"))).isSameAs(reported);
        assertThat(catchThrowable(() -> fixture.writer.snapshot(1))).isSameAs(reported);
        assertThat(catchThrowable(fixture.writer::flush)).isSameAs(reported);
        assertThat(reported.getCause()).isInstanceOf(SQLException.class).hasNoCause();
        fixture.timer.fire();
        assertThat(fixture.reportedFailures).as("reported once").hasSize(1);
        assertThat(catchThrowable(fixture.writer::close)).as("close releases, then throws").isSameAs(reported);
        assertThat(fixture.released).isTrue();
    }

    @Test
    void aTransientFailureIsRetriedOnANewConnectionAndTheTableIsExact() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 2, "b", DELETE, 3L, 3, "c");
        fixture.database.failNextWrites(new SQLException("An I/O error occurred", "08006"),
                new SQLException("deadlock detected", "40P01"));

        fixture.writer.snapshot(1);

        assertThat(fixture.database.table()).containsOnlyKeys(List.of(1L), List.of(2L));
        assertThat(fixture.database.statements()).containsExactly("UPSERT 2", "DELETE 1");
        assertThat(fixture.database.evictions).as("the broken connection").isEqualTo(1);
        assertThat(fixture.sleeps).hasSize(2);
        assertThat(fixture.sleeps.get(1)).isGreaterThanOrEqualTo(fixture.sleeps.get(0).dividedBy(2));
        assertThat(fixture.metric("retries.connection")).isEqualTo(1);
        assertThat(fixture.metric("retries.conflict")).isEqualTo(1);
    }

    @Test
    void retriesEndAfterMaxRetriesAndTheFailedFlushKeepsItsRows() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100, 2, true);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 2, "b");
        SQLException lost = new SQLException("Communications link failure", "08S01");
        fixture.database.failNextWrites(lost, lost, lost);

        Throwable failure = catchThrowable(() -> fixture.writer.snapshot(1));

        assertThat(failure).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("JDBC table 'orders'")
                .hasMessageContaining("flush of 2 rows failed after 2 retries")
                .hasMessageContaining("08S01")
                .hasCause(lost);
        assertThat(fixture.database.table()).isEmpty();
        assertThat(fixture.buffer.size()).isEqualTo(2);
        assertThat(fixture.buffer.batch().upserts()).hasSize(2);
        assertThat(fixture.metric("flushes.checkpoint")).isZero();
    }

    @Test
    void aRejectedRowFailsAtOnceNamingItsKeyAndColumnAndNothingIsCommitted() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.database.reject(row -> ((String) row[2]).length() > 5
                ? new BatchUpdateException("Data too long for column 'status' at row 1", "22001", 1406, new int[0])
                : null);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 2, "b", INSERT, 3L, 3, "toolong", INSERT, 4L, 4, "d");

        Throwable failure = catchThrowable(() -> fixture.writer.snapshot(1));

        assertThat(failure).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("JDBC table 'orders'")
                .hasMessageContaining("key (id=3)")
                .hasMessageContaining("column 'status'")
                .hasMessageContaining("Data too long for column 'status'");
        assertThat(((JdbcSinkException) failure).column()).contains("status");
        assertThat(((JdbcSinkException) failure).sqlState()).contains("22001");
        assertThat(fixture.sleeps).as("no retries").isEmpty();
        assertThat(fixture.database.table()).isEmpty();
        assertThat(fixture.buffer.size()).isEqualTo(4);
    }

    @Test
    void theLastFlushFailingInCloseIsThrownByClose() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100);
        fixture.database.reject(row -> row[2] == null
                ? new BatchUpdateException("null value in column \"status\"", "23502", 0, new int[0]) : null);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 2, null);

        Throwable failure = catchThrowable(fixture.writer::close);

        assertThat(failure).as("close fails itself instead of leaving the report to the flushing thread")
                .isInstanceOf(JdbcSinkException.class).hasMessageContaining("key (id=2)");
        assertThat(fixture.database.table()).isEmpty();
    }

    @Test
    void withoutTransactionsEachStatementCommitsByItself() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(100, 3, false);
        fixture.write(INSERT, 1L, 1, "a", DELETE, 2L, 1, "b");

        fixture.writer.flush();

        assertThat(fixture.database.statements()).containsExactly("UPSERT 1", "DELETE 1");
        assertThat(fixture.database.commits).isEqualTo(2);
        assertThat(fixture.metric("flushes.explicit")).isEqualTo(1);
    }

    @Test
    void aFailureOnTheFlushingThreadFailsTheJobAtOnceAndIsKeptForLaterCalls() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(1, 0, true);
        fixture.database.failNextWrites(new SQLException("syntax error", "42601"));

        Throwable first = catchThrowable(() -> fixture.write(INSERT, 1L, 1, "a"));
        Throwable reported = fixture.awaitReportedFailure();

        assertThat(reported).isInstanceOf(JdbcSinkException.class);
        assertThat(first).as("the write that started the flush throws only if the flush failed already")
                .isIn(null, reported);
        assertThatThrownBy(() -> fixture.write(INSERT, 2L, 1, "b")).isSameAs(reported);
        assertThat(fixture.buffer.size()).as("the row that failed is buffered again").isEqualTo(1);
    }

    @Test
    void whileAFlushRunsTheBufferAbsorbsTheNextChangesOfAKey() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(2);
        fixture.database.holdWrites();
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 1, "b");
        for (int amount = 2; amount <= 50; amount++) {
            fixture.write(UPDATE_AFTER, 1L, amount, "s" + amount);
        }
        assertThat(fixture.database.commits).as("the first flush still runs").isZero();

        fixture.database.releaseWrites();
        fixture.writer.close();

        assertThat(fixture.database.statements()).containsExactly("UPSERT 2", "UPSERT 1");
        assertThat(fixture.database.table()).containsEntry(List.of(1L), List.of(1L, 50, "s50"));
        assertThat(fixture.metric("rows-received")).isEqualTo(51);
        assertThat(fixture.metric("upserts")).as("rows written").isEqualTo(3);
        assertThat(fixture.metric("flushes.count")).isEqualTo(2);
    }

    @Test
    void notPipelinedTheWriteThatFillsTheBufferReturnsAfterItsFlushCommittedAndNothingIsAbsorbed() throws Exception {
        WriterFixture fixture = WriterFixture.synchronous(2);
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 1, "b");
        assertThat(fixture.database.commits).as("committed before write returned").isEqualTo(1);
        for (int amount = 2; amount <= 5; amount++) {
            fixture.write(UPDATE_AFTER, 1L, amount, "s" + amount);
        }
        assertThat(fixture.database.commits).isEqualTo(3);
        fixture.writer.close();

        assertThat(fixture.database.statements()).containsExactly("UPSERT 2", "UPSERT 1", "UPSERT 1");
        assertThat(fixture.database.table()).containsEntry(List.of(1L), List.of(1L, 5, "s5"));
        assertThat(fixture.metric("flushes.count")).isEqualTo(3);
    }

    @Test
    void notPipelinedAWriteWaitsForTheFlushTheTimerStarted() throws Exception {
        WriterFixture fixture = WriterFixture.synchronous(100);
        fixture.write(INSERT, 1L, 1, "a");
        fixture.database.holdWrites();
        fixture.timer.fire();
        Thread second = new Thread(() -> writeQuietly(fixture, 2L));
        second.start();
        awaitWaiting(second);
        assertThat(fixture.buffer.size()).as("the second row waits outside the buffer").isZero();

        fixture.database.releaseWrites();
        second.join(10_000);
        assertThat(second.isAlive()).isFalse();
        assertThat(fixture.buffer.size()).isEqualTo(1);
        fixture.writer.close();
        assertThat(fixture.database.table()).hasSize(2);
    }

    @Test
    void aFullBufferWaitsForTheFlushInFlight() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(2);
        fixture.database.holdWrites();
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 1, "b", INSERT, 3L, 1, "c");
        Thread fourth = new Thread(() -> writeQuietly(fixture, 4L));
        fourth.start();
        awaitWaiting(fourth);
        assertThat(fixture.database.commits).isZero();
        Thread.sleep(20);

        fixture.database.releaseWrites();
        fourth.join(10_000);

        assertThat(fourth.isAlive()).as("the write went on once the flush in flight committed").isFalse();
        assertThat(fixture.database.commits).isGreaterThanOrEqualTo(1);
        assertThat(fixture.metric("backpressure-ms")).as("the wait is counted").isPositive();
        fixture.writer.close();
        assertThat(fixture.database.table()).hasSize(4);
    }

    @Test
    void aCheckpointWhileAFlushIsInFlightReturnsAfterItAndTheRestCommitted() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(2);
        fixture.database.holdWrites();
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 1, "b", INSERT, 3L, 1, "c");
        Thread checkpoint = new Thread(() -> snapshotQuietly(fixture));
        checkpoint.start();
        awaitWaiting(checkpoint);
        assertThat(fixture.database.commits).as("the checkpoint waits for the flush in flight").isZero();

        fixture.database.releaseWrites();
        checkpoint.join(10_000);
        assertThat(checkpoint.isAlive()).isFalse();

        assertThat(fixture.database.table()).containsOnlyKeys(List.of(1L), List.of(2L), List.of(3L));
        assertThat(fixture.metric("flushes.count")).isEqualTo(1);
        assertThat(fixture.metric("flushes.checkpoint")).isEqualTo(1);
        assertThat(fixture.metric("buffer-size")).isZero();
    }

    @Test
    void aFlushFailureWhileTheNextBufferFillsFailsTheJobAndKeepsEveryChange() throws Exception {
        WriterFixture fixture = WriterFixture.keyed(2, 0, true);
        fixture.database.holdWrites();
        fixture.database.failNextWrites(new SQLException("relation \"orders\" does not exist", "42P01"));
        fixture.write(INSERT, 1L, 1, "a", INSERT, 2L, 1, "b", UPDATE_AFTER, 1L, 2, "newer");
        fixture.database.releaseWrites();

        Throwable reported = fixture.awaitReportedFailure();

        assertThat(reported).isInstanceOf(JdbcSinkException.class).hasMessageContaining("42P01");
        assertThat(catchThrowable(() -> fixture.write(INSERT, 3L, 1, "c"))).isSameAs(reported);
        assertThat(catchThrowable(() -> fixture.writer.snapshot(1))).isSameAs(reported);
        assertThat(fixture.buffer.batch().upserts()).as("the failed flush's rows, the newer change of key 1 winning")
                .map(row -> List.of(row)).containsExactly(List.of(1L, 2, "newer"), List.of(2L, 1, "b"));
        assertThat(fixture.database.table()).isEmpty();
        assertThat(catchThrowable(fixture.writer::close)).isSameAs(reported);
        assertThat(fixture.released).isTrue();
    }

    private static void snapshotQuietly(WriterFixture fixture) {
        try {
            fixture.writer.snapshot(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writeQuietly(WriterFixture fixture, long id) {
        try {
            fixture.write(INSERT, id, 1, "d");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits until {@code thread} blocks, as a write does when the buffer is full and a flush runs. */
    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime()).as("the thread blocks within 10 s").isLessThan(deadline);
            Thread.sleep(1);
        }
    }
}
