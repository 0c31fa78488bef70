package io.sluice.jdbc.mysql;

import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.ValueCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Writes each call as few multi-row statements as the limits allow: fewer than 65,535 placeholders
 * (the protocol's limit for prepared statements) and a few megabytes of values per statement (well
 * below the servers' default {@code max_allowed_packet} of 16 MB).
 */
final class MySqlTableWriter implements TableWriter {
    static final int MAX_PLACEHOLDERS = 65_534;
    static final long MAX_STATEMENT_BYTES = 4L << 20;
    private static final int FIXED_VALUE_BYTES = 16;

    private final MySqlStatements statements;
    private final ValueCodec codec;
    private final String[] names;
    private final LogicalType[] types;
    private final int[] allFields;
    private final int[] keyFields;

    MySqlTableWriter(MySqlStatements statements, ValueCodec codec, List<String> names, List<LogicalType> types,
                     int[] keyFields) {
        this.statements = statements;
        this.codec = codec;
        this.names = names.toArray(String[]::new);
        this.types = types.toArray(LogicalType[]::new);
        this.allFields = IntStream.range(0, types.size()).toArray();
        this.keyFields = keyFields.clone();
    }

    @Override
    public WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException {
        return writeInChunks(connection, rows, allFields, statements::upsert);
    }

    @Override
    public WriteStats delete(Connection connection, List<Object[]> rows) throws SQLException {
        if (keyFields.length == 0) {
            throw new IllegalStateException("Deleting needs a declared primary key; this table has none");
        }
        return writeInChunks(connection, rows, keyFields, statements::delete);
    }

    @Override
    public WriteStats insert(Connection connection, List<Object[]> rows) throws SQLException {
        return writeInChunks(connection, rows, allFields, statements::insert);
    }

    @Override
    public String strategy() {
        return "multi-row-values";
    }

    private WriteStats writeInChunks(Connection connection, List<Object[]> rows, int[] fields,
            IntFunction<String> statementForRows) throws SQLException {
        WriteStats stats = WriteStats.NONE;
        int start = 0;
        while (start < rows.size()) {
            int end = chunkEnd(rows, start, fields);
            execute(connection, statementForRows.apply(end - start), rows.subList(start, end), fields);
            stats = stats.plus(new WriteStats(1, 1));
            start = end;
        }
        return stats;
    }

    private int chunkEnd(List<Object[]> rows, int start, int[] fields) {
        int maxRows = MAX_PLACEHOLDERS / fields.length;
        long bytes = 0;
        int end = start;
        while (end < rows.size() && end - start < maxRows) {
            bytes += estimatedBytes(rows.get(end), fields);
            if (bytes > MAX_STATEMENT_BYTES && end > start) {
                break;
            }
            end++;
        }
        return end;
    }

    // Escaped text is at most twice the bytes; UTF-8 takes at most three bytes per Java char.
    private static long estimatedBytes(Object[] row, int[] fields) {
        long bytes = 0;
        for (int field : fields) {
            Object value = row[field];
            if (value instanceof String text) {
                bytes += 6L * text.length();
            } else if (value instanceof byte[] data) {
                bytes += 2L * data.length;
            } else {
                bytes += FIXED_VALUE_BYTES;
            }
        }
        return bytes;
    }

    /** Binds one value; a value refused before it reaches the server names its column, as the server would. */
    private void bind(PreparedStatement statement, int index, Object value, int field) throws SQLException {
        try {
            codec.bind(statement, index, value, types[field]);
        } catch (SQLException e) {
            throw new SQLException("column '" + names[field] + "': " + e.getMessage(), e.getSQLState(),
                    e.getErrorCode(), e);
        }
    }

    private void execute(Connection connection, String sql, List<Object[]> rows, int[] fields) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            int index = 1;
            for (Object[] row : rows) {
                for (int field : fields) {
                    bind(statement, index++, row[field], field);
                }
            }
            statement.executeUpdate();
        }
    }
}
