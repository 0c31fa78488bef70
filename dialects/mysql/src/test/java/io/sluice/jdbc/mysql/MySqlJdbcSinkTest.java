package io.sluice.jdbc.mysql;

import io.sluice.jdbc.JdbcSinkDatabaseSuite;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

/** The jdbc sink's database suite against MySQL or MariaDB. */
class MySqlJdbcSinkTest extends JdbcSinkDatabaseSuite {

    private static TestDatabase database() {
        return TestDatabases.get(TestDatabase.Kind.MYSQL);
    }

    @Override
    protected String jdbcUrl() {
        return database().jdbcUrl();
    }

    @Override
    protected String username() {
        return database().user();
    }

    @Override
    protected String password() {
        return database().password();
    }

    @Override
    protected String tableOptions() {
        return " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin";
    }

    @Override
    protected LooseKey looseKey(Connection admin) {
        return new LooseKey("VARCHAR(32) COLLATE utf8mb4_bin",
                "its collation utf8mb4_bin ignores trailing spaces: 'a' and 'a ' are equal");
    }

    @Override
    protected OptionalLong connectionWritingTo(Connection admin, String table) throws SQLException {
        // PROCESSLIST rather than INNODB_TRX: MariaDB does not always list a transaction waiting for a lock there.
        try (PreparedStatement query = admin.prepareStatement("SELECT ID FROM information_schema.PROCESSLIST"
                + " WHERE COMMAND = 'Query' AND ID <> CONNECTION_ID() AND INFO LIKE ?")) {
            query.setString(1, "%" + table + "%");
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? OptionalLong.of(rows.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    @Override
    protected void kill(Connection admin, long connectionId) throws SQLException {
        try (Statement kill = admin.createStatement()) {
            kill.execute("KILL " + connectionId);
        }
    }
}
