package io.sluice.jdbc.internal;

import io.sluice.api.connector.SequentialReader;
import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.JdbcDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Reads a snapshot {@code SELECT} of a table, one row per poll. Its position is the number of rows
 * emitted; {@link #seek} runs the query again and skips that many (the snapshot of a restarted job is
 * a new one: rows changed meanwhile are read as they are now).
 */
public final class JdbcSourceReader extends SequentialReader {
    private final String label;
    private final ConnectionSource connections;
    private final JdbcDialect dialect;
    private final String query;
    private final List<LogicalType> types;
    private final int fetchSize;
    private final AutoCloseable resources;
    private Connection connection;
    private PreparedStatement statement;
    private ResultSet resultSet;

    /** @param resources released at close, such as the reference to the table's pool */
    public JdbcSourceReader(String label, ConnectionSource connections, JdbcDialect dialect, String query,
                            List<LogicalType> types, int fetchSize, AutoCloseable resources) {
        this.label = label;
        this.connections = connections;
        this.dialect = dialect;
        this.query = query;
        this.types = List.copyOf(types);
        this.fetchSize = fetchSize;
        this.resources = resources;
    }

    @Override
    protected void openInput(long emitted) throws SQLException {
        connection = connections.acquire();
        try {
            // PostgreSQL streams with a cursor only inside a transaction; elsewhere this is harmless.
            connection.setAutoCommit(false);
            statement = connection.prepareStatement(query);
            statement.setFetchSize(fetchSize);
            resultSet = statement.executeQuery();
            skip(emitted);
        } catch (SQLException e) {
            closeInput();
            throw new SQLException(label + ": reading the table with '" + query + "' failed: " + e.getMessage(),
                    e.getSQLState(), e.getErrorCode(), e);
        }
    }

    @Override
    protected Row nextRow() throws SQLException {
        return resultSet.next() ? Row.insert(readRow()) : null;
    }

    @Override
    public void close() throws Exception {
        try (AutoCloseable release = resources) {
            super.close();
        }
    }

    /** Rows before the restored position went out before the checkpoint. */
    private void skip(long emitted) throws SQLException {
        long skipped = 0;
        while (skipped < emitted && resultSet.next()) {
            skipped++;
        }
    }

    private Object[] readRow() throws SQLException {
        Object[] fields = new Object[types.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = dialect.read(resultSet, i + 1, types.get(i));
        }
        return fields;
    }

    @Override
    protected void closeInput() throws SQLException {
        Connection used = connection;
        connection = null;
        try (PreparedStatement s = statement; ResultSet r = resultSet) {
            statement = null;
            resultSet = null;
        } finally {
            if (used != null) {
                connections.release(used);
            }
        }
    }
}
