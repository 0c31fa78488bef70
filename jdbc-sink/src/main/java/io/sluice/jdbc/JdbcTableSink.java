package io.sluice.jdbc;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.internal.AppendBuffer;
import io.sluice.jdbc.internal.BulkWriteThreshold;
import io.sluice.jdbc.internal.ChangeBuffer;
import io.sluice.jdbc.internal.ChangeWriter;
import io.sluice.jdbc.internal.CheckpointCommitter;
import io.sluice.jdbc.internal.ExactlyOnceWriter;
import io.sluice.jdbc.internal.PendingCheckpoints;
import io.sluice.jdbc.internal.ProgressTable;
import io.sluice.jdbc.internal.ColumnDiagnosis;
import io.sluice.jdbc.internal.FlushTimer;
import io.sluice.jdbc.internal.JdbcSinkWriter;
import io.sluice.jdbc.internal.ReduceBuffer;
import io.sluice.jdbc.internal.RetryPolicy;
import io.sluice.jdbc.internal.SharedPool;
import io.sluice.jdbc.internal.SinkMetrics;
import io.sluice.jdbc.internal.SinkTable;
import io.sluice.jdbc.internal.SlowFlushWarning;
import io.sluice.jdbc.internal.TableCreation;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalInt;

/**
 * The jdbc sink: with a primary key it takes +I, +U and -D (never -U: an upsert by key needs no old
 * image) into a {@link ReduceBuffer}; without one it takes inserts only into an {@link AppendBuffer}.
 * With {@code 'sink.delivery-guarantee' = 'exactly-once'} its writers commit on checkpoints
 * ({@link ExactlyOnceWriter}), or, in an engine that runs the two phases itself, its
 * {@link TwoPhaseJdbcSink} parts do.
 */
final class JdbcTableSink implements TableSink, TwoPhaseJdbcSink {
    private final JdbcTableConfig config;
    private final String sinkName;

    /** @param sinkName the table as the query names it, which tells the sinks of a job apart in the progress table */
    JdbcTableSink(JdbcTableConfig config, String sinkName) {
        this.config = config;
        this.sinkName = sinkName;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requested) {
        return config.definition().hasPrimaryKey() ? ChangelogMode.upsert() : ChangelogMode.insertOnly();
    }

    @Override
    public boolean requiresPrimaryKeyForUpdates() {
        return true;
    }

    @Override
    public OptionalInt parallelism() {
        return config.parallelism();
    }

    @Override
    public SinkWriter createWriter(SinkContext context) throws SQLException, InterruptedException {
        SharedPool pool = config.openPool(context.parallelism());
        try {
            return createWriter(context, pool);
        } catch (SQLException | InterruptedException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    private SinkWriter createWriter(SinkContext context, SharedPool pool) throws SQLException, InterruptedException {
        SinkMetrics metrics = new SinkMetrics();
        ChangeWriter changeWriter = changeWriter(pool, metrics);
        String threadName = "jdbc-flush-" + config.definition().tableName() + "-" + context.subtaskIndex();
        boolean pipelined = config.get(JdbcOptions.SINK_BUFFER_FLUSH_PIPELINED);
        if (config.get(JdbcOptions.SINK_DELIVERY_GUARANTEE) == DeliveryGuarantee.EXACTLY_ONCE) {
            return new ExactlyOnceWriter(pendingCheckpoints(), checkpointCommitter(context.jobId(),
                    context.subtaskIndex(), pool, changeWriter), metrics, pipelined, threadName, context, pool,
                    config.table().label());
        }
        ChangeBuffer buffer = newBuffer();
        FlushTimer.Factory timers = FlushTimer.every(config.get(JdbcOptions.SINK_BUFFER_FLUSH_INTERVAL),
                threadName + "-timer");
        return new JdbcSinkWriter(buffer, changeWriter, config.get(JdbcOptions.SINK_BUFFER_FLUSH_MAX_ROWS),
                pipelined, timers, threadName, context, metrics, pool);
    }

    @Override
    public CheckpointBuffer newCheckpointBuffer() {
        return new CheckpointBuffer(pendingCheckpoints());
    }

    @Override
    public CheckpointCommits openCheckpointCommits(String jobId, int subtask, int parallelism, boolean freshStart)
            throws SQLException, InterruptedException {
        SharedPool pool = config.openPool(parallelism);
        try {
            CheckpointCommitter committer = checkpointCommitter(jobId, subtask, pool,
                    changeWriter(pool, new SinkMetrics()));
            long committed = committer.claim(freshStart).checkpointId();
            return new CheckpointCommits(committer, committed, pool, config.table().label());
        } catch (SQLException | InterruptedException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /** Creates the table when asked to ({@code sink.auto-create}) and opens the dialect's writer for it. */
    private ChangeWriter changeWriter(SharedPool pool, SinkMetrics metrics) throws SQLException, InterruptedException {
        TableDefinition definition = config.definition();
        SinkTable table = config.table();
        RetryPolicy retryPolicy = config.retryPolicy();
        if (config.get(JdbcOptions.SINK_AUTO_CREATE)) {
            retryPolicy.call(table.label() + ": creating the table", () -> {
                pool.prepareTableOnce(c -> TableCreation.createIfMissing(c, config.dialect(), definition));
                return null;
            });
        }
        TableWriter tableWriter = retryPolicy.call(table.label() + ": checking the table and its primary key",
                () -> openTableWriter(pool));
        tableWriter = BulkWriteThreshold.of(tableWriter, config.get(JdbcOptions.SINK_BULK_WRITE_MIN_ROWS));
        return new ChangeWriter(table, tableWriter, pool, retryPolicy,
                config.get(JdbcOptions.SINK_FLUSH_TRANSACTIONAL), metrics,
                new ColumnDiagnosis(table.columnNames(), config.dialect().quoteTableName(definition.tableName())),
                new SlowFlushWarning(table.label(), config.get(JdbcOptions.SINK_FLUSH_SLOW_THRESHOLD)));
    }

    private PendingCheckpoints pendingCheckpoints() {
        return new PendingCheckpoints(newBuffer(), this::newBuffer,
                config.get(JdbcOptions.SINK_EXACTLY_ONCE_MAX_BUFFERED_ROWS), config.table().label());
    }

    private CheckpointCommitter checkpointCommitter(String jobId, int subtask, SharedPool pool,
                                                    ChangeWriter changeWriter) {
        ProgressTable progress = new ProgressTable(config.dialect(), config.get(JdbcOptions.SINK_PROGRESS_TABLE).trim(),
                jobId, sinkName, subtask);
        return new CheckpointCommitter(progress, changeWriter, pool, config.table().label());
    }

    private ChangeBuffer newBuffer() {
        SinkTable table = config.table();
        return config.definition().hasPrimaryKey() ? new ReduceBuffer(table.keyIndexes())
                : new AppendBuffer(table.label());
    }

    private TableWriter openTableWriter(SharedPool pool) throws SQLException {
        Connection connection = pool.acquire();
        try {
            TableWriter writer = config.dialect().openWriter(connection, config.definition());
            config.get(JdbcOptions.SINK_KEY_COLLATION_CHECK).apply(config.definition().tableName(),
                    config.dialect().keyColumnsMergingValues(connection, config.definition()));
            return writer;
        } finally {
            pool.release(connection);
        }
    }
}
