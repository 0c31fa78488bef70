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
    protected OptionalLong connectionWaitingForLock(Connection admin, String table) throws SQLException {
        try (PreparedStatement query = admin.prepareStatement("SELECT trx_mysql_thread_id"
                + " FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND trx_query LIKE ?")) {
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
