package io.sluice.jdbc;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.internal.AppendBuffer;
import io.sluice.jdbc.internal.ChangeBuffer;
import io.sluice.jdbc.internal.ChangeWriter;
import io.sluice.jdbc.internal.ColumnDiagnosis;
import io.sluice.jdbc.internal.FlushTimer;
import io.sluice.jdbc.internal.JdbcSinkWriter;
import io.sluice.jdbc.internal.ReduceBuffer;
import io.sluice.jdbc.internal.SharedPool;
import io.sluice.jdbc.internal.SinkMetrics;
import io.sluice.jdbc.internal.SinkTable;
import io.sluice.jdbc.internal.TableCreation;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalInt;

/**
 * The jdbc sink: with a primary key it takes +I, +U and -D (never -U: an upsert by key needs no old
 * image) into a {@link ReduceBuffer}; without one it takes inserts only into an {@link AppendBuffer}.
 */
final class JdbcTableSink implements TableSink {
    private final JdbcTableConfig config;

    JdbcTableSink(JdbcTableConfig config) {
        this.config = config;
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
    public SinkWriter createWriter(SinkContext context) throws SQLException {
        SharedPool pool = config.openPool(context.parallelism());
        try {
            return createWriter(context, pool);
        } catch (SQLException | RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    private SinkWriter createWriter(SinkContext context, SharedPool pool) throws SQLException {
        TableDefinition definition = config.definition();
        if (config.get(JdbcOptions.SINK_AUTO_CREATE)) {
            pool.prepareTableOnce(c -> TableCreation.createIfMissing(c, config.dialect(), definition));
        }
        SinkTable table = config.table();
        SinkMetrics metrics = new SinkMetrics();
        ChangeWriter changeWriter = new ChangeWriter(table, openTableWriter(pool), pool, config.retryPolicy(),
                config.get(JdbcOptions.SINK_FLUSH_TRANSACTIONAL), metrics,
                new ColumnDiagnosis(table.columnNames(), config.dialect().quoteTableName(definition.tableName())));
        ChangeBuffer buffer = definition.hasPrimaryKey() ? new ReduceBuffer(table.keyIndexes())
                : new AppendBuffer(table.label());
        FlushTimer.Factory timers = FlushTimer.every(config.get(JdbcOptions.SINK_BUFFER_FLUSH_INTERVAL),
                "jdbc-flush-" + definition.tableName() + "-" + context.subtaskIndex());
        return new JdbcSinkWriter(buffer, changeWriter, config.get(JdbcOptions.SINK_BUFFER_FLUSH_MAX_ROWS), timers,
                context, metrics, pool);
    }

    private TableWriter openTableWriter(SharedPool pool) throws SQLException {
        Connection connection = pool.acquire();
        try {
            return config.dialect().openWriter(connection, config.definition());
        } finally {
            pool.release(connection);
        }
    }
}
