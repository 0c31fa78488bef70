package io.sluice.jdbc.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import io.sluice.api.options.ValidationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a dialect's database test needs around its cases: the tables it writes, creating them
 * through the dialect, reading them back through the dialect's codec, and dropping them afterwards;
 * plus the primary-key checks every dialect must pass the same way. A subclass per database opens
 * {@link #connection} before each test.
 */
public abstract class DialectTableFixture {
    protected final List<String> createdTables = new ArrayList<>();
    protected Connection connection;

    /** The dialect under test; it creates, quotes and reads the tables. */
    protected abstract JdbcDialect dialect();

    /** A table name no other run uses. */
    protected abstract String uniqueTableName(String prefix);

    /**
     * This database's column definitions of the {@link #tenantOrders} table, with {@code orderIdKey}
     * (such as {@code " PRIMARY KEY"}, or empty) after the order_id column.
     */
    protected abstract String tenantOrdersColumnsSql(String orderIdKey);

    /** What follows {@code DROP TABLE IF EXISTS name} after each test, such as {@code CASCADE}. */
    protected String dropTableSuffix() {
        return "";
    }

    @AfterEach
    void dropTables() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String table : createdTables) {
                statement.execute("DROP TABLE IF EXISTS " + table + dropTableSuffix());
            }
        } finally {
            connection.close();
        }
    }

    @Test
    void primaryKeyDifferentFromTheDeclaredOneFailsNamingBoth() throws SQLException {
        String name = uniqueTableName("orders");
        createdTables.add(name);
        execute("CREATE TABLE " + name + " (" + tenantOrdersColumnsSql(" PRIMARY KEY") + ")");
        assertThatThrownBy(() -> dialect().openWriter(connection, tenantOrders(name)))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Table '" + name + "' has PRIMARY KEY (order_id) in the database, but the sink"
                        + " declares PRIMARY KEY (tenant_id, order_id).");
    }

    @Test
    void tableWithoutPrimaryKeyOrMissingFails() throws SQLException {
        String name = uniqueTableName("orders");
        assertThatThrownBy(() -> dialect().openWriter(connection, tenantOrders(name)))
                .hasMessage("Table '" + name + "' does not exist in the database. Create it with PRIMARY KEY"
                        + " (tenant_id, order_id), or set 'sink.auto-create' = 'true' to let the sink create it"
                        + " from the declared schema.");
        createdTables.add(name);
        execute("CREATE TABLE " + name + " (" + tenantOrdersColumnsSql("") + ")");
        assertThatThrownBy(() -> dialect().openWriter(connection, tenantOrders(name)))
                .hasMessageStartingWith("Table '" + name + "' has no PRIMARY KEY in the database");
    }

    protected static TableDefinition tenantOrders(String name) {
        return new TableDefinition(name, List.of(new Column("tenant_id", LogicalType.intType()),
                new Column("order_id", LogicalType.bigint()), new Column("status", LogicalType.string()),
                new Column("amount", LogicalType.decimal(10, 2))), List.of("tenant_id", "order_id"));
    }

    protected static TableDefinition allTypes(String name) {
        return new TableDefinition(name, List.of(new Column("id", LogicalType.bigint()),
                new Column("bool", LogicalType.booleanType()), new Column("tiny", LogicalType.tinyint()),
                new Column("small", LogicalType.smallint()), new Column("i", LogicalType.intType()),
                new Column("f", LogicalType.floatType()), new Column("d", LogicalType.doubleType()),
                new Column("dec", LogicalType.decimal(20, 6)), new Column("c", LogicalType.charType(4)),
                new Column("v", LogicalType.varchar(20)), new Column("s", LogicalType.string()),
                new Column("day", LogicalType.date()), new Column("tm", LogicalType.time(3)),
                new Column("ts", LogicalType.timestamp(6)), new Column("ts3", LogicalType.timestamp(3)),
                new Column("ltz", LogicalType.timestampLtz(6)), new Column("bin", LogicalType.bytes())),
                List.of("id"));
    }

    /**
     * Rows of {@link #allTypes}: extremes, multi-byte text, fractional seconds, a row of NULLs.
     *
     * @param shortChar the {@code CHAR(4)} value of the third row, one the database reads back as
     *     written (MySQL drops the padding of CHAR values, PostgreSQL keeps it)
     */
    protected static List<Object[]> allTypesRows(String shortChar) {
        Object[] nulls = new Object[17];
        nulls[0] = 2L;
        // Texts that array literals and escaping must not turn into NULL or lose.
        Object[] tricky = new Object[17];
        tricky[0] = 4L;
        tricky[9] = "NULL";
        tricky[10] = "{NULL,\"x\"} \\N";
        return List.of(
                new Object[] {1L, true, (byte) -128, (short) 32767, Integer.MIN_VALUE, 0.25f, 2.718281828459045,
                        new BigDecimal("-12345678901234.123456"), "abcd", "ünï'cødé \"✓\"", "😀 line\nnext\\",
                        LocalDate.of(1999, 12, 31), LocalTime.parse("23:59:59.999"),
                        LocalDateTime.parse("2024-02-29T12:34:56.123456"),
                        LocalDateTime.parse("2024-02-29T12:34:56.789"), Instant.parse("2024-03-31T01:30:00.654321Z"),
                        new byte[] {0, 1, -1, 127, '\\', '"', ','}},
                nulls,
                new Object[] {3L, false, (byte) 127, (short) -1, 0, -1.5f, -0.0001, new BigDecimal("0.000001"),
                        shortChar, "", "{\"a\": [1, NULL]}", LocalDate.of(1970, 1, 1), LocalTime.MIDNIGHT,
                        LocalDateTime.parse("1970-01-01T00:00:00"), LocalDateTime.parse("2038-01-19T03:14:08"),
                        Instant.EPOCH, new byte[0]},
                tricky);
    }

    /**
     * Writes and reads back, through {@code target}, a date, a time and timestamps that do not exist on
     * the JVM's wall clock: 2026-03-29 02:30 in Berlin (clocks jump from 02:00 to 03:00) and midnight of
     * 2018-11-04 in São Paulo. A value that passes through the JVM's zone comes back an hour off.
     */
    protected void assertTemporalsSurviveDaylightSavingGaps(Connection target) throws SQLException {
        TableDefinition table = new TableDefinition(uniqueTableName("gaps"), List.of(
                new Column("id", LogicalType.intType()), new Column("day", LogicalType.date()),
                new Column("tm", LogicalType.time(3)), new Column("ts", LogicalType.timestamp(6)),
                new Column("ts0", LogicalType.timestamp(0)), new Column("ltz", LogicalType.timestampLtz(6))),
                List.of("id"));
        create(table);
        List<Object[]> rows = List.of(
                new Object[] {1, LocalDate.of(2026, 3, 29), LocalTime.parse("02:30:00.500"),
                        LocalDateTime.parse("2026-03-29T02:30:00.123456"), LocalDateTime.parse("2026-03-29T02:30"),
                        Instant.parse("2026-03-29T01:30:00.000001Z")},
                new Object[] {2, LocalDate.of(2018, 11, 4), LocalTime.MIDNIGHT,
                        LocalDateTime.parse("2018-11-04T00:30:00.5"), LocalDateTime.parse("2018-11-04T00:00"),
                        Instant.parse("2018-11-04T03:00:00Z")});
        TimeZone jvmZone = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
            dialect().openWriter(target, table).upsert(target, rows);
            assertThat(readAll(target, table)).as("read in Berlin").containsExactlyElementsOf(rows);
            TimeZone.setDefault(TimeZone.getTimeZone("America/Sao_Paulo"));
            assertThat(readAll(target, table)).as("read in São Paulo").containsExactlyElementsOf(rows);
        } finally {
            TimeZone.setDefault(jvmZone);
        }
    }

    /** A row of {@link #tenantOrders}. */
    protected static Object[] order(int tenant, long order, String status, String amount) {
        return new Object[] {tenant, order, status, amount == null ? null : new BigDecimal(amount)};
    }

    protected interface SqlAction {
        void run() throws SQLException;
    }

    /** What {@code action} logs (the tests' SLF4J binding writes to stderr). */
    protected static String stderrOf(SqlAction action) throws SQLException {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** Creates {@code table} with the dialect's {@code CREATE TABLE} and drops it after the test. */
    protected void create(TableDefinition table) throws SQLException {
        createdTables.add(dialect().quoteTableName(table.tableName()));
        execute(dialect().createTableStatement(table, DatabaseProduct.of(connection.getMetaData())));
    }

    protected void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    protected String queryText(String sql) throws SQLException {
        return queryText(connection, sql);
    }

    /** The first column of the first row of {@code sql}, as text. */
    protected static String queryText(Connection source, String sql) throws SQLException {
        try (Statement statement = source.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getString(1);
        }
    }

    protected List<Object[]> readAll(TableDefinition table) throws SQLException {
        return readAll(connection, table);
    }

    /** Every row of {@code table} read through the dialect, ordered by all columns. */
    protected List<Object[]> readAll(Connection source, TableDefinition table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        String order = String.join(", ", table.columnNames().stream().map(dialect()::quoteIdentifier).toList());
        try (PreparedStatement statement = source.prepareStatement(
                dialect().selectStatement(table) + " ORDER BY " + order);
                ResultSet result = statement.executeQuery()) {
            while (result.next()) {
                Object[] row = new Object[table.columns().size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = dialect().read(result, i + 1, table.columns().get(i).type());
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
