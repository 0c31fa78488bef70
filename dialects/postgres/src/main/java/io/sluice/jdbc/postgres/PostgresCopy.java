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
 * Large batches of upserts through {@code COPY}: the rows stream into a temporary staging table in the
 * binary format, then one {@code INSERT ... SELECT ... ON CONFLICT} applies them to the table. The
 * staging table is per connection and empties itself at commit
 * ({@code ON COMMIT DELETE ROWS}), so this path needs the flush's transaction: each call stages into
 * an empty table, and a rolled-back flush leaves nothing behind. Only pgjdbc connections qualify.
 */
final class PostgresCopy {
    private final PostgresStatements.Stage stage;
    private final LogicalType[] types;
    private final int[] fields;

    PostgresCopy(PostgresStatements statements, LogicalType[] types, int[] fields) {
        this.stage = statements.upsertStage();
        this.types = types;
        this.fields = fields;
    }

    /**
     * Whether {@code connection} takes {@code COPY} through pgjdbc (another driver, or pgjdbc loaded
     * apart from this dialect, does not) and runs in a transaction, which the staging table needs.
     */
    static boolean accepts(Connection connection) throws SQLException {
        return !connection.getAutoCommit() && PgjdbcPresence.LOADED && connection.isWrapperFor(PGConnection.class);
    }

    /** Three statements: create the staging table when this session has none, COPY, apply. */
    WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(stage.create());
            copy(connection, stage.copy(), rows);
            statement.executeUpdate(stage.apply());
        }
        return new WriteStats(3, 3);
    }

    private void copy(Connection connection, String sql, List<Object[]> rows) throws SQLException {
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
