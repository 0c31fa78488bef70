package io.sluice.jdbc.postgres;

import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Large batches through {@code COPY}: the rows stream into a temporary staging table in the binary
 * format, then one statement applies them to the table ({@code INSERT ... SELECT ... ON CONFLICT} or
 * {@code DELETE ... USING}). The staging tables are per connection and empty themselves at commit
 * ({@code ON COMMIT DELETE ROWS}), so this path needs the flush's transaction: each call stages into
 * an empty table, and a rolled-back flush leaves nothing behind. Only pgjdbc connections qualify.
 */
final class PostgresCopy {
    private final PostgresStatements statements;
    private final LogicalType[] types;
    private final int[] allFields;
    private final int[] keyFields;

    PostgresCopy(PostgresStatements statements, LogicalType[] types, int[] allFields, int[] keyFields) {
        this.statements = statements;
        this.types = types;
        this.allFields = allFields;
        this.keyFields = keyFields;
    }

    /**
     * Whether {@code connection} takes {@code COPY} through pgjdbc (another driver, or pgjdbc loaded
     * apart from this dialect, does not) and runs in a transaction, which the staging table needs.
     */
    static boolean accepts(Connection connection) throws SQLException {
        return !connection.getAutoCommit() && PgjdbcPresence.LOADED && connection.isWrapperFor(PGConnection.class);
    }

    WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException {
        return stageAndApply(connection, statements.upsertStage(), allFields, rows);
    }

    WriteStats delete(Connection connection, List<Object[]> rows) throws SQLException {
        return stageAndApply(connection, statements.deleteStage(), keyFields, rows);
    }

    /** Three statements: create the staging table when this session has none, COPY, apply. */
    private WriteStats stageAndApply(Connection connection, PostgresStatements.Stage stage, int[] fields,
            List<Object[]> rows) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(stage.create());
            copy(connection, stage.copy(), fields, rows);
            statement.executeUpdate(stage.apply());
        }
        return new WriteStats(3, 3);
    }

    private void copy(Connection connection, String sql, int[] fields, List<Object[]> rows) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        try {
            PostgresBinaryRows encoder = new PostgresBinaryRows(types, fields, (bytes, length) ->
                    copy.writeToCopy(bytes, 0, length));
            encoder.header();
            for (Object[] row : rows) {
                encoder.row(row);
            }
            encoder.finish();
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    /** Whether pgjdbc is visible to this dialect's class loader at all. */
    private static final class PgjdbcPresence {
        static final boolean LOADED = loaded();

        private static boolean loaded() {
            try {
                Class.forName("org.postgresql.PGConnection", false, PostgresCopy.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }
}
