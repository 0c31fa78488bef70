package io.sluice.jdbc.postgres;

import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.ValueCodec;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Writes upserts and deletes set-based when the driver builds arrays ({@code unnest} and
 * {@code = ANY}: one statement and one round trip per chunk), otherwise as JDBC batches of single-row
 * statements; large batches of upserts through {@code COPY} where the connection takes it. Deletes
 * stay {@code = ANY}: joined with a staging table, PostgreSQL plans a hash join over the whole table
 * (the staging table has no statistics), which costs more than looking up each key. Plain inserts always
 * go as batches, which {@code reWriteBatchedInserts} turns into multi-row inserts.
 */
final class PostgresTableWriter implements TableWriter {
    static final int ARRAY_CHUNK_ROWS = 10_000;

    private final PostgresStatements statements;
    private final ValueCodec codec;
    private final LogicalType[] types;
    private final int[] allFields;
    private final int[] keyFields;
    private final boolean arrays;
    private final PostgresCopy copy;

    PostgresTableWriter(PostgresStatements statements, ValueCodec codec, List<LogicalType> types, int[] keyFields,
            boolean arrays) {
        this.statements = statements;
        this.codec = codec;
        this.types = types.toArray(LogicalType[]::new);
        this.allFields = IntStream.range(0, types.size()).toArray();
        this.keyFields = keyFields.clone();
        this.arrays = arrays;
        this.copy = new PostgresCopy(statements, this.types, allFields);
    }

    @Override
    public WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException {
        return arrays
                ? writeArrays(connection, statements.upsertFromArrays(), rows, allFields)
                : writeBatch(connection, statements.upsert(), rows, allFields);
    }

    @Override
    public WriteStats delete(Connection connection, List<Object[]> rows) throws SQLException {
        if (keyFields.length == 0) {
            throw new IllegalStateException("Deleting needs a declared primary key; this table has none");
        }
        return arrays
                ? writeArrays(connection, statements.deleteFromArrays(), rows, keyFields)
                : writeBatch(connection, statements.deleteByKey(), rows, keyFields);
    }

    /** Through {@code COPY} when the connection takes it (pgjdbc, in a transaction), else as {@link #upsert}. */
    @Override
    public WriteStats bulkUpsert(Connection connection, List<Object[]> rows) throws SQLException {
        return PostgresCopy.accepts(connection) ? copy.upsert(connection, rows) : upsert(connection, rows);
    }

    @Override
    public WriteStats insert(Connection connection, List<Object[]> rows) throws SQLException {
        return writeBatch(connection, statements.insert(), rows, allFields);
    }

    @Override
    public String strategy() {
        return arrays ? "unnest" : "batch";
    }

    private WriteStats writeArrays(Connection connection, String sql, List<Object[]> rows, int[] fields)
            throws SQLException {
        WriteStats stats = WriteStats.NONE;
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int start = 0; start < rows.size(); start += ARRAY_CHUNK_ROWS) {
                List<Object[]> chunk = rows.subList(start, Math.min(rows.size(), start + ARRAY_CHUNK_ROWS));
                executeWithArrays(connection, statement, chunk, fields);
                stats = stats.plus(new WriteStats(1, 1));
            }
        }
        return stats;
    }

    private void executeWithArrays(Connection connection, PreparedStatement statement, List<Object[]> chunk,
            int[] fields) throws SQLException {
        Array[] columns = new Array[fields.length];
        try {
            for (int i = 0; i < fields.length; i++) {
                columns[i] = PostgresArrays.column(connection, chunk, fields[i], types[fields[i]]);
                statement.setArray(i + 1, columns[i]);
            }
            statement.executeUpdate();
        } finally {
            for (Array column : columns) {
                if (column != null) {
                    column.free();
                }
            }
        }
    }

    private WriteStats writeBatch(Connection connection, String sql, List<Object[]> rows, int[] fields)
            throws SQLException {
        if (rows.isEmpty()) {
            return WriteStats.NONE;
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < fields.length; i++) {
                    codec.bind(statement, i + 1, row[fields[i]], types[fields[i]]);
                }
                statement.addBatch();
            }
            statement.executeBatch();
        }
        return new WriteStats(rows.size(), 1);
    }
}
