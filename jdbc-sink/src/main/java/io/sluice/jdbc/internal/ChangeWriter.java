package io.sluice.jdbc.internal;

import io.sluice.api.options.Secrets;
import io.sluice.jdbc.JdbcSinkException;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one flush's batch: inserts, upserts, then deletes, in one transaction when
 * {@code transactional} (autocommit per statement otherwise). A transient failure rolls back, gives
 * the connection back to the pool (evicted when it no longer works) and retries the whole batch after a
 * backoff; a data failure is narrowed down to the rejected row. Never retries silently forever, never
 * commits half a transactional batch.
 */
public final class ChangeWriter {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeWriter.class);

    private final SinkTable table;
    private final TableWriter writer;
    private final ConnectionSource connections;
    private final RetryPolicy retryPolicy;
    private final boolean transactional;
    private final SinkMetrics metrics;
    private final OffendingRowSearch offenderSearch;
    private final ColumnDiagnosis columnDiagnosis;
    private final SlowFlushWarning slowFlushWarning;

    public ChangeWriter(SinkTable table, TableWriter writer, ConnectionSource connections, RetryPolicy retryPolicy,
                        boolean transactional, SinkMetrics metrics, ColumnDiagnosis columnDiagnosis,
                        SlowFlushWarning slowFlushWarning) {
        this.table = table;
        this.writer = writer;
        this.connections = connections;
        this.retryPolicy = retryPolicy;
        this.transactional = transactional;
        this.metrics = metrics;
        this.offenderSearch = new OffendingRowSearch(writer);
        this.columnDiagnosis = columnDiagnosis;
        this.slowFlushWarning = slowFlushWarning;
    }

    /**
     * A first statement of the flush's transaction that decides whether the flush goes ahead, such as
     * the conditional update of an exactly-once sink's progress row.
     */
    @FunctionalInterface
    public interface Guard {
        /** No guard: every flush goes ahead. */
        Guard NONE = connection -> true;

        /** True to write the batch in this transaction; false to roll it back and write nothing. */
        boolean admits(Connection connection) throws SQLException;
    }

    /**
     * Writes {@code batch} and commits it, retrying transient failures.
     *
     * @throws JdbcSinkException when it could not, naming the table and, for rejected rows, key and column
     */
    public WriteStats write(ChangeBatch batch) throws InterruptedException {
        return write(batch, Guard.NONE);
    }

    /**
     * Writes {@code batch} in one transaction after {@code guard} admitted it, retrying transient
     * failures (the guard runs again in each retry's transaction).
     *
     * @return what was sent, or null when the guard did not admit the batch (nothing was written)
     * @throws JdbcSinkException when it could not, naming the table and, for rejected rows, key and column
     */
    public WriteStats write(ChangeBatch batch, Guard guard) throws InterruptedException {
        LoneSurrogates.refuse(table, batch);
        try (SlowFlushWarning.Watch watch = slowFlushWarning.watch(batch.size())) {
            return writeWithRetries(batch, guard);
        }
    }

    private WriteStats writeWithRetries(ChangeBatch batch, Guard guard) throws InterruptedException {
        for (int retry = 1; ; retry++) {
            Attempt attempt = attempt(batch, guard);
            if (attempt.failure() == null) {
                return attempt.stats();
            }
            FailureClass failureClass = FailureClass.of(attempt.failure());
            if (!failureClass.isTransient() || retry > retryPolicy.maxRetries()) {
                throw failure(batch, attempt, failureClass, retry - 1);
            }
            metrics.retried(failureClass);
            LOG.warn("{}: flush of {} rows failed ({} failure, {}); retry {} of {}", table.label(), batch.size(),
                    failureClass.metricName(), describe(attempt.failure()), retry, retryPolicy.maxRetries());
            retryPolicy.pause(retry);
        }
    }

    private Attempt attempt(ChangeBatch batch, Guard guard) {
        Connection connection;
        try {
            connection = connections.acquire();
        } catch (SQLException e) {
            return new Attempt(null, e, null, null);
        }
        WritePhase phase = null;
        try {
            connection.setAutoCommit(!transactional);
            if (!guard.admits(connection)) {
                // A guard needs a transaction: the sink rejects non-transactional flushes with one.
                connection.rollback();
                connections.release(connection);
                return new Attempt(null, null, null, null);
            }
            WriteStats stats = WriteStats.NONE;
            for (WritePhase next : WritePhase.values()) {
                phase = next;
                if (!batch.rows(next).isEmpty()) {
                    stats = stats.plus(next.write(writer, connection, batch.rows(next)));
                }
            }
            phase = null;
            if (transactional) {
                connection.commit();
            }
            connections.release(connection);
            return new Attempt(stats, null, null, null);
        } catch (SQLException e) {
            return failedAttempt(connection, batch, phase, e);
        }
    }

    private Attempt failedAttempt(Connection connection, ChangeBatch batch, WritePhase phase, SQLException failure) {
        rollback(connection, failure);
        OffendingRowSearch.Offender offender = null;
        String column = null;
        if (phase != null && FailureClass.of(failure) == FailureClass.DATA) {
            try {
                offender = offenderSearch.find(connection, phase, batch.rows(phase), failure);
                column = offender.row() == null ? null
                        : columnDiagnosis.column(offender.error(), offender.row(), connection).orElse(null);
            } catch (SQLException e) {
                failure.addSuppressed(e);
            }
        }
        giveBack(connection);
        return new Attempt(null, failure, offender, column);
    }

    private void rollback(Connection connection, SQLException failure) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    private void giveBack(Connection connection) {
        if (usable(connection)) {
            connections.release(connection);
        } else {
            connections.evict(connection);
        }
    }

    private boolean usable(Connection connection) {
        try {
            // connection.max-retry-timeout bounds both the backoff and this check, as in Flink.
            int seconds = (int) Math.max(1, Math.min(retryPolicy.maxBackoff().toSeconds(), Integer.MAX_VALUE));
            return !connection.isClosed() && connection.isValid(seconds);
        } catch (SQLException e) {
            return false;
        }
    }

    private JdbcSinkException failure(ChangeBatch batch, Attempt attempt, FailureClass failureClass, int retries) {
        String kept = " The flush was not committed; its rows stay in the sink's buffer.";
        if (attempt.offender() != null && attempt.offender().row() != null) {
            SQLException error = attempt.offender().error();
            String column = attempt.column() == null ? "" : ", column '" + attempt.column() + "'";
            if (error != attempt.failure()) {
                // A batch of one row fails with the same exception the search finds; Java forbids self-suppression.
                error.addSuppressed(attempt.failure());
            }
            return new JdbcSinkException(table.label() + ": the database rejected the row with key "
                    + table.describeKey(attempt.offender().row()) + column + ": " + describe(error) + "." + kept,
                    error, attempt.column());
        }
        String after = failureClass.isTransient() ? " after " + retries + " retries" : "";
        return new JdbcSinkException(table.label() + ": flush of " + batch.size() + " rows failed" + after + ": "
                + describe(attempt.failure()) + "." + kept, attempt.failure(), null);
    }

    private static String describe(SQLException e) {
        return "[SQLState " + e.getSQLState() + ", code " + e.getErrorCode() + "] " + Secrets.mask(e.getMessage());
    }

    private record Attempt(WriteStats stats, SQLException failure, OffendingRowSearch.Offender offender,
                           String column) {
    }
}
