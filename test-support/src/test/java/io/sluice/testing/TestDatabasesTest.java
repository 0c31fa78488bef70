package io.sluice.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs against whatever databases this JVM found, and shows which. */
@ExtendWith(TestDatabases.class)
class TestDatabasesTest {

    private static final Logger LOG = LoggerFactory.getLogger(TestDatabasesTest.class);

    @Test
    void postgresStoresAndReadsRows(@Postgres TestDatabase db) throws SQLException {
        assertUsable(db);
        assertThat(db.jdbcUrl()).startsWith("jdbc:postgresql:");
    }

    @Test
    void mysqlStoresAndReadsRows(@MySql TestDatabase db) throws SQLException {
        assertUsable(db);
        assertThat(db.jdbcUrl()).matches("jdbc:(mysql|mariadb):.*");
    }

    @Test
    void everyTestGetsTheSameDatabase(@Postgres TestDatabase first, @MySql TestDatabase second) {
        assertThat(TestDatabases.get(TestDatabase.Kind.POSTGRES)).isSameAs(first);
        assertThat(TestDatabases.get(TestDatabase.Kind.MYSQL)).isSameAs(second);
    }

    private static void assertUsable(TestDatabase db) throws SQLException {
        LOG.info("Testing against {} (source: {})", db, db.source());
        // A database named in the environment must be the one used: falling back would hide a broken setup.
        boolean environmentFirst = System.getProperty(DatabaseLocator.SOURCES_PROPERTY, "env").startsWith("env");
        boolean namedByEnvironment = System.getenv(db.kind().environmentPrefix() + "_URL") != null;
        assertThat(db.source() == TestDatabase.Source.ENVIRONMENT).isEqualTo(environmentFirst && namedByEnvironment);

        String table = TestDatabase.uniqueName("probe");
        try (Connection connection = db.open(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, name VARCHAR(20))");
            try {
                statement.execute("INSERT INTO " + table + " VALUES (1, 'one'), (2, 'two')");
                try (ResultSet rows = statement.executeQuery("SELECT name FROM " + table + " ORDER BY id")) {
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getString(1)).isEqualTo("one");
                    assertThat(rows.next()).isTrue();
                    assertThat(rows.getString(1)).isEqualTo("two");
                }
            } finally {
                statement.execute("DROP TABLE " + table);
            }
        }
    }
}
