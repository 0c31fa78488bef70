package io.sluice.jdbc.postgres;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableDefinition;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

/** Tables and rows the database tests write. */
final class PostgresTestTables {

    private PostgresTestTables() {
    }

    static TableDefinition tenantOrders(String name) {
        return new TableDefinition(name, List.of(new Column("tenant_id", LogicalType.intType()),
                new Column("order_id", LogicalType.bigint()), new Column("status", LogicalType.string()),
                new Column("amount", LogicalType.decimal(10, 2))), List.of("tenant_id", "order_id"));
    }

    static TableDefinition allTypes(String name) {
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

    /** Extremes, multi-byte text, fractional seconds, a row of NULLs. */
    static List<Object[]> allTypesRows() {
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
                        "    ", "", "{\"a\": [1, NULL]}", LocalDate.of(1970, 1, 1), LocalTime.MIDNIGHT,
                        LocalDateTime.parse("1970-01-01T00:00:00"), LocalDateTime.parse("2038-01-19T03:14:08"),
                        Instant.EPOCH, new byte[0]},
                tricky);
    }
}
