package io.sluice.jdbc.internal;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.TableDefinition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * One exactly-once sink subtask's row in the progress table ({@code sink.progress-table}): the last
 * checkpoint whose rows it committed and the epoch of the attempt allowed to commit. The statements are
 * plain SQL that PostgreSQL and MySQL/MariaDB share, with the dialect's quoting; the table is created
 * with the dialect's {@code CREATE TABLE}.
 */
public final class ProgressTable implements ProgressStore {
    static final int MAX_NAME_LENGTH = 255;
    private static final List<String> KEY = List.of("job_id", "sink_name", "subtask");

    private final JdbcDialect dialect;
    private final String tableName;
    private final String jobId;
    private final String sinkName;
    private final int subtask;
    private final String keyCondition;

    public ProgressTable(JdbcDialect dialect, String tableName, String jobId, String sinkName, int subtask) {
        checkLength("job id", jobId);
        checkLength("sink name", sinkName);
        this.dialect = dialect;
        this.tableName = tableName;
        this.jobId = jobId;
        this.sinkName = sinkName;
        this.subtask = subtask;
        this.keyCondition = String.join(" AND ", KEY.stream().map(c -> dialect.quoteIdentifier(c) + " = ?").toList());
    }

    /** The table's definition, for the dialect's {@code CREATE TABLE}. */
    public static TableDefinition definition(String tableName) {
        LogicalType name = LogicalType.varchar(MAX_NAME_LENGTH).notNull();
        return new TableDefinition(tableName, List.of(new Column("job_id", name), new Column("sink_name", name),
                new Column("subtask", LogicalType.intType().notNull()),
                new Column("checkpoint_id", LogicalType.bigint().notNull()),
                new Column("epoch", LogicalType.bigint().notNull())), KEY);
    }

    @Override
    public void createIfMissing(Connection connection) throws SQLException {
        TableCreation.createIfMissing(connection, dialect, definition(tableName));
        connection.setAutoCommit(true);
        if (read(connection) == null) {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table() + " ("
                    + columns("job_id", "sink_name", "subtask", "checkpoint_id", "epoch") + ") VALUES (?, ?, ?, 0, 0)")) {
                bindKey(insert, 1);
                insert.executeUpdate();
            } catch (SQLException e) {
                if (read(connection) == null) {
                    throw e;
                }
            }
        }
    }

    @Override
    public Progress claim(Connection connection, boolean freshStart) throws SQLException {
        String reset = freshStart ? ", " + dialect.quoteIdentifier("checkpoint_id") + " = 0" : "";
        try (PreparedStatement update = connection.prepareStatement("UPDATE " + table() + " SET "
                + dialect.quoteIdentifier("epoch") + " = " + dialect.quoteIdentifier("epoch") + " + 1" + reset
                + " WHERE " + keyCondition)) {
            bindKey(update, 1);
            if (update.executeUpdate() != 1) {
                throw new SQLException("The progress row of " + describe() + " in " + tableName + " is missing");
            }
        }
        return read(connection);
    }

    @Override
    public boolean advance(Connection connection, long epoch, long checkpointId) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("UPDATE " + table() + " SET "
                + dialect.quoteIdentifier("checkpoint_id") + " = ? WHERE " + keyCondition + " AND "
                + dialect.quoteIdentifier("epoch") + " = ? AND " + dialect.quoteIdentifier("checkpoint_id") + " < ?")) {
            update.setLong(1, checkpointId);
            int next = bindKey(update, 2);
            update.setLong(next, epoch);
            update.setLong(next + 1, checkpointId);
            return update.executeUpdate() == 1;
        }
    }

    @Override
    public Progress read(Connection connection) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("SELECT " + columns("checkpoint_id", "epoch")
                + " FROM " + table() + " WHERE " + keyCondition)) {
            bindKey(select, 1);
            try (ResultSet result = select.executeQuery()) {
                return result.next() ? new Progress(result.getLong(1), result.getLong(2)) : null;
            }
        }
    }

    @Override
    public String describe() {
        return "subtask " + subtask + " of sink '" + sinkName + "' in job '" + jobId + "'";
    }

    @Override
    public String name() {
        return tableName;
    }

    private String table() {
        return dialect.quoteTableName(tableName);
    }

    private String columns(String... names) {
        return String.join(", ", List.of(names).stream().map(dialect::quoteIdentifier).toList());
    }

    private int bindKey(PreparedStatement statement, int first) throws SQLException {
        statement.setString(first, jobId);
        statement.setString(first + 1, sinkName);
        statement.setInt(first + 2, subtask);
        return first + 3;
    }

    private static void checkLength(String what, String value) {
        if (value.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("The " + what + " '" + value + "' is longer than the "
                    + MAX_NAME_LENGTH + " characters the progress table holds");
        }
    }
}
