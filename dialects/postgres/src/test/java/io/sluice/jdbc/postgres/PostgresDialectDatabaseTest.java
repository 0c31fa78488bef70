package io.sluice.jdbc.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.DatabaseProduct;
import io.sluice.jdbc.dialect.DialectTableFixture;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@ExtendWith(TestDatabases.class)
class PostgresDialectDatabaseTest extends DialectTableFixture {
    private final PostgresDialect dialect = new PostgresDialect();

    @BeforeEach
    void connect(@Postgres TestDatabase database) throws SQLException {
        connection = database.open();
    }

    @Override
    protected String uniqueTableName(String prefix) {
        return TestDatabase.uniqueName(prefix);
    }

    @Override
    protected String tenantOrdersColumnsSql(String orderIdKey) {
        return "tenant_id integer, order_id bigint" + orderIdKey + ", status text, amount numeric(10, 2)";
    }

    @Override
    protected JdbcDialect dialect() {
        return dialect;
    }

    @Override
    protected String dropTableSuffix() {
        return " CASCADE";
    }

    /** The three ways a batch travels: arrays, row batches, and (upserts) COPY into a staging table. */
    enum Path {
        UNNEST, BATCH, COPY;

        WriteStats upsert(PostgresDialect dialect, TableDefinition table, Connection connection, List<Object[]> rows)
                throws SQLException {
            return this == COPY ? inTransaction(connection, () -> dialect.newWriter(table, true).bulkUpsert(connection, rows))
                    : dialect.newWriter(table, this == UNNEST).upsert(connection, rows);
        }

        WriteStats delete(PostgresDialect dialect, TableDefinition table, Connection connection, List<Object[]> rows)
                throws SQLException {
            return dialect.newWriter(table, this != BATCH).delete(connection, rows);
        }

        private static WriteStats inTransaction(Connection connection, Write write) throws SQLException {
            connection.setAutoCommit(false);
            try {
                WriteStats stats = write.run();
                connection.commit();
                return stats;
            } finally {
                connection.setAutoCommit(true);
            }
        }
    }

    private interface Write {
        WriteStats run() throws SQLException;
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void everyTypeRoundTripsWhateverTheJvmTimeZone(Path path) throws SQLException {
        TableDefinition table = allTypes(TestDatabase.uniqueName("all_types"));
        create(table);
        TimeZone jvmZone = TimeZone.getDefault();
        List<Object[]> rows = allTypesRows("    ");
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Chatham"));
            path.upsert(dialect, table, connection, rows);
            TimeZone.setDefault(TimeZone.getTimeZone("America/St_Johns"));
            assertThat(readAll(table)).containsExactlyElementsOf(rows);
        } finally {
            TimeZone.setDefault(jvmZone);
        }
        assertThat(queryText("SELECT ts::text || ' | ' || (ltz AT TIME ZONE 'UTC')::text || ' | ' || tm::text FROM "
                + table.tableName() + " WHERE id = 1"))
                .isEqualTo("2024-02-29 12:34:56.123456 | 2024-03-31 01:30:00.654321 | 23:59:59.999");
    }

    @ParameterizedTest
    @EnumSource(Path.class)
    void upsertsAndDeletesByCompositeKey(Path path) throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        path.upsert(dialect, table, connection, List.of(order(1, 10, "NEW", "1.50"), order(1, 11, "NEW", "2.00"),
                order(2, 10, "NEW", "3.25")));
        path.upsert(dialect, table, connection, List.of(order(1, 10, "PAID", "1.50"), order(2, 11, null, null)));
        path.delete(dialect, table, connection, List.of(order(1, 11, "NEW", "2.00"), order(3, 99, null, null)));
        assertThat(readAll(table)).containsExactly(order(1, 10, "PAID", "1.50"), order(2, 10, "NEW", "3.25"),
                order(2, 11, null, null));
    }

    /** Digits in base 10000 around the decimal point: each edge of that encoding, both signs. */
    @Test
    void datesAndTimesInADaylightSavingGapSurvive() throws SQLException {
        assertTemporalsSurviveDaylightSavingGaps(connection);
    }

    @Test
    void copyKeepsEveryDecimalDigit() throws SQLException {
        TableDefinition table = new TableDefinition(TestDatabase.uniqueName("decimals"), List.of(
                new Column("id", LogicalType.intType()), new Column("d", LogicalType.decimal(38, 10))), List.of("id"));
        create(table);
        String[] values = {"0", "0E-10", "1", "-1", "10000", "9999.9999", "0.0001", "0.00001", "-0.5", "123.45",
                "100000000.0000000001", "-99999999999999999999999999.9999999999", "12345678.9", "5E+3", "20000"};
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            rows.add(new Object[] {i, new BigDecimal(values[i])});
        }
        Path.COPY.upsert(dialect, table, connection, rows);
        for (int i = 0; i < values.length; i++) {
            assertThat(queryText("SELECT (d = " + new BigDecimal(values[i]).toPlainString() + ")::text || ' ' || d::text"
                    + " FROM " + table.tableName() + " WHERE id = " + i))
                    .as(values[i]).isEqualTo("true " + new BigDecimal(values[i]).setScale(10).toPlainString());
        }
    }

    @Test
    void copyUpsertsSendCreateCopyAndApplyWhateverTheSizeAndNeedATransaction() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            rows.add(order(i % 7, i, "S" + i, i + ".00"));
        }
        assertThat(Path.COPY.upsert(dialect, table, connection, rows)).isEqualTo(new WriteStats(3, 3));
        assertThat(Path.COPY.upsert(dialect, table, connection, rows.subList(0, 100))).isEqualTo(new WriteStats(3, 3));
        assertThat(Path.COPY.delete(dialect, table, connection, rows.subList(0, 100))).isEqualTo(new WriteStats(1, 1));
        assertThat(queryText("SELECT count(*)::text FROM " + table.tableName())).isEqualTo("29900");
        assertThat(dialect.newWriter(table, true).bulkUpsert(connection, rows.subList(0, 2)))
                .as("autocommit: the staging table would empty itself before the apply, so arrays go instead")
                .isEqualTo(new WriteStats(1, 1));
    }

    @Test
    void setBasedWritesSendOneStatementPerChunk() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i <= PostgresTableWriter.ARRAY_CHUNK_ROWS; i++) {
            rows.add(order(i % 7, i, "S" + i, i + ".00"));
        }
        PostgresTableWriter writer = dialect.newWriter(table, true);
        assertThat(writer.upsert(connection, rows)).isEqualTo(new WriteStats(2, 2));
        assertThat(writer.delete(connection, rows.subList(0, 100))).isEqualTo(new WriteStats(1, 1));
        assertThat(writer.strategy()).isEqualTo("unnest");
        assertThat(queryText("SELECT count(*)::text FROM " + table.tableName())).isEqualTo("9901");
    }

    @Test
    void rowBatchesSendOneStatementPerRowInOneRoundTrip() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        PostgresTableWriter writer = dialect.newWriter(table, false);
        assertThat(writer.upsert(connection, List.of(order(1, 1, "A", "1.00"), order(1, 2, "B", "2.00"))))
                .isEqualTo(new WriteStats(2, 1));
        assertThat(writer.strategy()).isEqualTo("batch");
    }

    @Test
    void allKeyTableIgnoresRowsItAlreadyHas() throws SQLException {
        TableDefinition table = new TableDefinition(TestDatabase.uniqueName("pairs"), List.of(
                new Column("a", LogicalType.intType()), new Column("b", LogicalType.charType(2))), List.of("a", "b"));
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);
        writer.upsert(connection, List.of(new Object[] {1, "x1"}, new Object[] {2, "x2"}));
        writer.upsert(connection, List.of(new Object[] {1, "x1"}, new Object[] {3, "x3"}));
        writer.delete(connection, List.<Object[]>of(new Object[] {2, "x2"}));
        assertThat(readAll(table)).containsExactly(new Object[] {1, "x1"}, new Object[] {3, "x3"});
    }

    @Test
    void tablesWithoutKeyGetPlainInserts() throws SQLException {
        TableDefinition table = new TableDefinition(TestDatabase.uniqueName("log"), List.of(
                new Column("msg", LogicalType.string())), List.of());
        create(table);
        TableWriter writer = dialect.openWriter(connection, table);
        assertThat(writer.insert(connection, List.of(new Object[] {"a"}, new Object[] {"a"})))
                .isEqualTo(new WriteStats(2, 1));
        assertThat(readAll(table)).hasSize(2);
    }

    @Test
    void oddIdentifiersInAnotherSchema() throws SQLException {
        String schema = TestDatabase.uniqueName("schema");
        execute("CREATE SCHEMA " + schema);
        createdTables.add(schema + ".\"my \"\"odd\"\" table\"");
        TableDefinition table = new TableDefinition(schema + ".my \"odd\" table", List.of(
                new Column("order", LogicalType.intType()), new Column("my col", LogicalType.string())),
                List.of("order"));
        try {
            execute(dialect.createTableStatement(table, DatabaseProduct.of(connection.getMetaData())));
            TableWriter writer = dialect.openWriter(connection, table);
            writer.upsert(connection, List.<Object[]>of(new Object[] {1, "one"}));
            writer.upsert(connection, List.<Object[]>of(new Object[] {1, "uno"}));
            assertThat(readAll(table)).containsExactly(new Object[] {1, "uno"});
        } finally {
            execute("DROP SCHEMA " + schema + " CASCADE");
        }
    }

    @Test
    void warnsAboutOtherUniqueIndexes() throws SQLException {
        TableDefinition table = tenantOrders(TestDatabase.uniqueName("orders"));
        create(table);
        execute("CREATE UNIQUE INDEX " + table.tableName() + "_status ON " + table.tableName() + " (status, amount)");
        String log = stderrOf(() -> dialect.openWriter(connection, table));
        assertThat(log).contains("WARN").contains("Table '" + table.tableName() + "' has unique index '"
                + table.tableName() + "_status' on (status, amount) besides its primary key");
    }
}
