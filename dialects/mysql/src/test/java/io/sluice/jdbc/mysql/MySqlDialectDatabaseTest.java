package io.sluice.jdbc.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.DialectTableFixture;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestDatabases.class)
class MySqlDialectDatabaseTest extends DialectTableFixture {
    private final MySqlDialect dialect = new MySqlDialect();
    private TestDatabase database;

    @BeforeEach
    void connect(@MySql TestDatabase testDatabase) throws SQLException {
        database = testDatabase;
        connection = database.open();
    }

    @Override
    protected String uniqueTableName(String prefix) {
        return TestDatabase.uniqueName(prefix);
    }

    @Override
    protected String tenantOrdersColumnsSql(String orderIdKey) {
        return "tenant_id INT, order_id BIGINT" + orderIdKey + ", status TEXT, amount DECIMAL(10, 2)";
    }

    @Override
    protected JdbcDialect dialect() {
        return dialect;
    }

    @Test
    void everyTypeRoundTripsWhateverTheJvmTimeZone() throws SQLException {
        TableDefinition table = allTypes(TestDatabase.uniqueName("all_types"));
        create(table);
        assertRoundTrip(connection, table);
        assertThat(queryText("SELECT CONCAT(CAST(ts AS CHAR), ' | ', CAST(ltz AS CHAR), ' | ', CAST(tm AS CHAR))"
                + " FROM " + table.tableName() + " WHERE id = 1"))
                .isEqualTo("2024-02-29 12:34:56.123456 | 2024-03-31 01:30:00.654321 | 23:59:59.999");
    }

    @Test
    void fractionalSecondsSurviveMySqlConnectorJ() throws SQLException {
        TableDefinition table = allTypes(TestDatabase.uniqueName("all_types"));
        create(table);
        try (Connection viaConnectorJ = connect(new com.mysql.cj.jdbc.Driver(), mysqlSchemeUrl())) {
            assertThat(viaConnectorJ.getMetaData().getDriverName()).contains("MySQL Connector");
            assertRoundTrip(viaConnectorJ, table);
        }
    }

    @Test
    void datesAndTimesInADaylightSavingGapSurviveBothDrivers() throws SQLException {
        try (Connection viaConnectorJ = connect(new com.mysql.cj.jdbc.Driver(), mysqlSchemeUrl())) {
            assertTemporalsSurviveDaylightSavingGaps(viaConnectorJ);
        }
        try (Connection viaMariaDb = connect(new org.mariadb.jdbc.Driver(), database.jdbcUrl())) {
            assertTemporalsSurviveDaylightSavingGaps(viaMariaDb);
        }
    }

    @Test
    void notANumberIsRefusedNamingTheColumnInsteadOfSentAsAColumnName() throws SQLException {
        TableDefinition table = new TableDefinition(TestDatabase.uniqueName("readings"), List.of(
                new Column("id", LogicalType.intType()), new Column("v", LogicalType.doubleType())), List.of("id"));
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);

        for (double value : new double[] {Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> writer.upsert(connection, List.<Object[]>of(new Object[] {1, value})))
                    .isInstanceOf(SQLException.class).hasFieldOrPropertyWithValue("SQLState", "22003")
                    .hasMessage("column 'v': MySQL and MariaDB cannot store " + value
                            + ": their FLOAT and DOUBLE have no NaN or infinity");
        }
        assertThat(readAll(connection, table)).isEmpty();
    }

    @Test
    void theMariaDbDriverTakesMySqlUrlsThroughTheConnectionUrl() throws SQLException {
        String url = dialect.connectionUrl(mysqlSchemeUrl(), MySqlDialect.MARIADB_DRIVER);
        try (Connection viaMariaDb = connect(new org.mariadb.jdbc.Driver(), url)) {
            assertThat(viaMariaDb.getMetaData().getDriverName()).contains("MariaDB");
        }
    }

    @Test
    void instantsInATimestampColumnOfAnExistingTableStayUtc() throws SQLException {
        String name = TestDatabase.uniqueName("events");
        createdTables.add(name);
        execute("CREATE TABLE " + name + " (id INT PRIMARY KEY, at TIMESTAMP(6) NULL)");
        TableDefinition table = new TableDefinition(name, List.of(new Column("id", LogicalType.intType()),
                new Column("at", LogicalType.timestampLtz(6))), List.of("id"));
        Instant at = Instant.parse("2024-07-01T22:30:00.250Z");
        try (Connection withDialectProperties = connect(new org.mariadb.jdbc.Driver(), database.jdbcUrl())) {
            assertThat(queryText(withDialectProperties, "SELECT @@session.time_zone")).isEqualTo("+00:00");
            dialect.openWriter(withDialectProperties, table).upsert(withDialectProperties,
                    List.<Object[]>of(new Object[] {1, at}));
            assertThat(readAll(withDialectProperties, table)).containsExactly(new Object[] {1, at});
        }
        assertThat(queryText(connection, "SELECT UNIX_TIMESTAMP(at) FROM " + name)).isEqualTo("1719873000.250000");
    }

    @Test
    void upsertsAndDeletesByCompositeKey() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);
        writer.upsert(connection, List.of(order(1, 10, "NEW", "1.50"), order(1, 11, "NEW", "2.00"),
                order(2, 10, "NEW", "3.25")));
        writer.upsert(connection, List.of(order(1, 10, "PAID", "1.50"), order(2, 11, null, null)));
        writer.delete(connection, List.of(order(1, 11, "NEW", "2.00"), order(3, 99, null, null)));
        assertThat(readAll(connection, table)).containsExactly(order(1, 10, "PAID", "1.50"),
                order(2, 10, "NEW", "3.25"), order(2, 11, null, null));
    }

    @Test
    void chunksStayBelowThePlaceholderLimit() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) {
            rows.add(order(i % 3, i, "S", "1.00"));
        }
        TableWriter writer = dialect.openWriter(connection, table);
        // 4 placeholders per upserted row, 2 per deleted key: 16,383 and 32,767 rows per statement.
        assertThat(writer.upsert(connection, rows)).isEqualTo(new WriteStats(3, 3));
        assertThat(writer.delete(connection, rows.subList(0, 39_990))).isEqualTo(new WriteStats(2, 2));
        assertThat(writer.strategy()).isEqualTo("multi-row-values");
        assertThat(queryText("SELECT COUNT(*) FROM " + table.tableName())).isEqualTo("10");
    }

    @Test
    void chunksStayWellBelowTheServerPacketLimit() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        String large = "x".repeat(400_000);
        TableWriter writer = dialect.openWriter(connection, table);
        assertThat(writer.upsert(connection, List.of(order(1, 1, large, "1.00"), order(1, 2, large, "1.00"),
                order(1, 3, "small", "1.00")))).isEqualTo(new WriteStats(2, 2));
        assertThat(queryText("SELECT SUM(LENGTH(status)) FROM " + table.tableName())).isEqualTo("800005");
    }

    @Test
    void allKeyTableIgnoresRowsItAlreadyHas() throws SQLException {
        TableDefinition table = new TableDefinition(TestDatabase.uniqueName("pairs"), List.of(
                new Column("a", LogicalType.intType()), new Column("b", LogicalType.string())), List.of("a", "b"));
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);
        writer.upsert(connection, List.of(new Object[] {1, "x1"}, new Object[] {2, "x2"}));
        writer.upsert(connection, List.of(new Object[] {1, "x1"}, new Object[] {3, "x3"}, new Object[] {3, "X3"}));
        writer.delete(connection, List.<Object[]>of(new Object[] {2, "x2"}));
        assertThat(readAll(connection, table)).containsExactly(new Object[] {1, "x1"}, new Object[] {3, "X3"},
                new Object[] {3, "x3"});
    }

    @Test
    void tablesWithoutKeyGetPlainInserts() throws SQLException {
        TableDefinition table = new TableDefinition(TestDatabase.uniqueName("log"), List.of(
                new Column("msg", LogicalType.string())), List.of());
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);
        assertThat(writer.insert(connection, List.of(new Object[] {"a"}, new Object[] {"a"})))
                .isEqualTo(new WriteStats(1, 1));
        assertThat(readAll(connection, table)).hasSize(2);
    }

    @Test
    void oddIdentifiersQualifiedWithTheDatabase() throws SQLException {
        String name = queryText("SELECT DATABASE()") + "." + TestDatabase.uniqueName("my") + " `odd` table";
        TableDefinition table = new TableDefinition(name, List.of(
                new Column("order", LogicalType.intType()), new Column("my col", LogicalType.string())),
                List.of("order"));
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);
        writer.upsert(connection, List.<Object[]>of(new Object[] {1, "one"}));
        writer.upsert(connection, List.<Object[]>of(new Object[] {1, "uno"}));
        assertThat(readAll(connection, table)).containsExactly(new Object[] {1, "uno"});
    }

    @Test
    void warnsAboutOtherUniqueIndexes() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        execute("CREATE UNIQUE INDEX uk_status ON " + table.tableName() + " (status(20), amount)");
        String log = stderrOf(() -> dialect.openWriter(connection, table));
        assertThat(log).contains("WARN").contains("Table '" + table.tableName()
                + "' has unique index 'uk_status' on (status, amount) besides its primary key");
    }

    private void assertRoundTrip(Connection target, TableDefinition table) throws SQLException {
        TimeZone jvmZone = TimeZone.getDefault();
        List<Object[]> rows = allTypesRows("x");
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Chatham"));
            dialect.openWriter(target, table).upsert(target, rows);
            TimeZone.setDefault(TimeZone.getTimeZone("America/St_Johns"));
            assertThat(readAll(target, table)).containsExactlyElementsOf(rows);
        } finally {
            TimeZone.setDefault(jvmZone);
        }
    }

    private static final ConnectionTimeouts TIMEOUTS = new ConnectionTimeouts(Duration.ofSeconds(10),
            Duration.ofSeconds(60));

    private String mysqlSchemeUrl() {
        return database.jdbcUrl().replaceFirst("^jdbc:mariadb:", "jdbc:mysql:");
    }

    private Connection connect(Driver driver, String url) throws SQLException {
        Properties properties = new Properties();
        properties.putAll(dialect.driverProperties(url, TIMEOUTS));
        if (database.user() != null) {
            properties.setProperty("user", database.user());
        }
        if (database.password() != null) {
            properties.setProperty("password", database.password());
        }
        return driver.connect(url, properties);
    }
}
