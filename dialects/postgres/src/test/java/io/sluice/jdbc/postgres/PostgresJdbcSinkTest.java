package io.sluice.jdbc.postgres;

import io.sluice.jdbc.JdbcSinkDatabaseSuite;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

/** The jdbc sink's database suite against PostgreSQL. */
class PostgresJdbcSinkTest extends JdbcSinkDatabaseSuite {

    private static TestDatabase database() {
        return TestDatabases.get(TestDatabase.Kind.POSTGRES);
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

    /** A case-insensitive ICU collation: PostgreSQL's own collations are all deterministic. */
    @Override
    protected LooseKey looseKey(Connection admin) throws SQLException {
        try (Statement statement = admin.createStatement()) {
            statement.execute("CREATE COLLATION IF NOT EXISTS sluice_case_insensitive"
                    + " (provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
        }
        return new LooseKey("VARCHAR(32) COLLATE sluice_case_insensitive",
                "its collation \"sluice_case_insensitive\" is nondeterministic: distinct strings can be equal");
    }

    @Override
    protected OptionalLong connectionWritingTo(Connection admin, String table) throws SQLException {
        try (PreparedStatement query = admin.prepareStatement("SELECT pid FROM pg_stat_activity"
                + " WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()"
                + " AND query LIKE ?")) {
            query.setString(1, "%" + table + "%");
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? OptionalLong.of(rows.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    @Override
    protected void kill(Connection admin, long connectionId) throws SQLException {
        try (PreparedStatement terminate = admin.prepareStatement("SELECT pg_terminate_backend(?)")) {
            terminate.setInt(1, (int) connectionId);
            terminate.executeQuery().close();
        }
    }
}
