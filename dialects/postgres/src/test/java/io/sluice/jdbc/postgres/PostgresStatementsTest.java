package io.sluice.jdbc.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.DatabaseProduct;
import io.sluice.jdbc.dialect.TableDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresStatementsTest {
    private final PostgresDialect dialect = new PostgresDialect();

    private static final TableDefinition ORDERS = new TableDefinition("public.order", List.of(
            new Column("id", LogicalType.bigint()), new Column("my table", LogicalType.string()),
            new Column("say \"hi\"", LogicalType.decimal(10, 2))), List.of("id"));

    private static final TableDefinition TENANT_ORDERS = new TableDefinition("tenant_orders", List.of(
            new Column("tenant_id", LogicalType.intType()), new Column("order_id", LogicalType.bigint()),
            new Column("code", LogicalType.charType(4)), new Column("at", LogicalType.timestampLtz(3))),
            List.of("tenant_id", "order_id"));

    private static final TableDefinition PAIRS = new TableDefinition("pairs", List.of(
            new Column("a", LogicalType.intType()), new Column("b", LogicalType.charType(2))), List.of("a", "b"));

    private PostgresStatements statements(TableDefinition table) {
        return new PostgresStatements(table, dialect.quoteTableName(table.tableName()), dialect::quoteIdentifier);
    }

    @Test
    void quotesOddIdentifiersWithDoubleQuotes() {
        assertThat(dialect.quoteIdentifier("order")).isEqualTo("\"order\"");
        assertThat(dialect.quoteIdentifier("my table")).isEqualTo("\"my table\"");
        assertThat(dialect.quoteIdentifier("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(dialect.quoteIdentifier("a`b")).isEqualTo("\"a`b\"");
        assertThat(dialect.quoteTableName("public.order")).isEqualTo("\"public\".\"order\"");
    }

    @Test
    void upsertUpdatesOnlyNonKeyColumns() {
        assertThat(statements(ORDERS).upsert()).isEqualTo(
                "INSERT INTO \"public\".\"order\" (\"id\", \"my table\", \"say \"\"hi\"\"\") VALUES (?, ?, ?)"
                        + " ON CONFLICT (\"id\") DO UPDATE SET \"my table\" = EXCLUDED.\"my table\","
                        + " \"say \"\"hi\"\"\" = EXCLUDED.\"say \"\"hi\"\"\"");
    }

    @Test
    void upsertFromArraysWithCompositeKey() {
        assertThat(statements(TENANT_ORDERS).upsertFromArrays()).isEqualTo(
                "INSERT INTO \"tenant_orders\" (\"tenant_id\", \"order_id\", \"code\", \"at\")"
                        + " SELECT * FROM unnest(?::integer[], ?::bigint[], ?::bpchar[], ?::timestamptz[])"
                        + " ON CONFLICT (\"tenant_id\", \"order_id\") DO UPDATE SET \"code\" = EXCLUDED.\"code\","
                        + " \"at\" = EXCLUDED.\"at\"");
    }

    @Test
    void allKeyTableDoesNothingOnConflict() {
        assertThat(statements(PAIRS).upsert()).isEqualTo(
                "INSERT INTO \"pairs\" (\"a\", \"b\") VALUES (?, ?) ON CONFLICT (\"a\", \"b\") DO NOTHING");
        assertThat(statements(PAIRS).upsertFromArrays()).isEqualTo("INSERT INTO \"pairs\" (\"a\", \"b\")"
                + " SELECT * FROM unnest(?::integer[], ?::bpchar[]) ON CONFLICT (\"a\", \"b\") DO NOTHING");
    }

    @Test
    void deletesBySingleAndCompositeKey() {
        assertThat(statements(ORDERS).deleteByKey()).isEqualTo("DELETE FROM \"public\".\"order\" WHERE \"id\" = ?");
        assertThat(statements(ORDERS).deleteFromArrays())
                .isEqualTo("DELETE FROM \"public\".\"order\" WHERE \"id\" = ANY(?::bigint[])");
        assertThat(statements(TENANT_ORDERS).deleteByKey())
                .isEqualTo("DELETE FROM \"tenant_orders\" WHERE \"tenant_id\" = ? AND \"order_id\" = ?");
        assertThat(statements(TENANT_ORDERS).deleteFromArrays()).isEqualTo("DELETE FROM \"tenant_orders\""
                + " WHERE (\"tenant_id\", \"order_id\") IN (SELECT * FROM unnest(?::integer[], ?::bigint[]))");
    }

    @Test
    void plainInsertForTablesWithoutKey() {
        TableDefinition log = new TableDefinition("log", List.of(new Column("msg", LogicalType.string())), List.of());
        assertThat(statements(log).insert()).isEqualTo("INSERT INTO \"log\" (\"msg\") VALUES (?)");
    }

    @Test
    void createTableMapsEveryType() {
        TableDefinition all = new TableDefinition("s.all_types", List.of(
                new Column("k", LogicalType.string()), new Column("bool", LogicalType.booleanType()),
                new Column("t", LogicalType.tinyint()), new Column("s", LogicalType.smallint()),
                new Column("i", LogicalType.intType().notNull()), new Column("l", LogicalType.bigint()),
                new Column("f", LogicalType.floatType()), new Column("d", LogicalType.doubleType()),
                new Column("dec", LogicalType.decimal(12, 4)), new Column("c", LogicalType.charType(3)),
                new Column("v", LogicalType.varchar(64)), new Column("day", LogicalType.date()),
                new Column("tm", LogicalType.time(3)), new Column("ts", LogicalType.timestamp(6)),
                new Column("ltz", LogicalType.timestampLtz(3)), new Column("blob", LogicalType.bytes())),
                List.of("k"));
        assertThat(dialect.createTableStatement(all, new DatabaseProduct("PostgreSQL", "15.8"))).isEqualTo("CREATE TABLE IF NOT EXISTS \"s\".\"all_types\" ("
                + "\"k\" text NOT NULL, \"bool\" boolean, \"t\" smallint, \"s\" smallint, \"i\" integer NOT NULL,"
                + " \"l\" bigint, \"f\" real, \"d\" double precision, \"dec\" numeric(12, 4), \"c\" char(3),"
                + " \"v\" varchar(64), \"day\" date, \"tm\" time(3), \"ts\" timestamp(6),"
                + " \"ltz\" timestamp(3) with time zone, \"blob\" bytea, PRIMARY KEY (\"k\"))");
    }

    @Test
    void rejectsTypesTheDatabaseCannotHoldNamingTableAndColumn() {
        assertThatThrownBy(() -> dialect.validateType("events", "at", LogicalType.timestampLtz(9)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'events' column 'at' is declared TIMESTAMP_LTZ(9), which the database cannot"
                        + " hold: PostgreSQL keeps at most 6 fractional second digits.");
    }

    @Test
    void selectsDeclaredColumns() {
        assertThat(dialect.selectStatement(PAIRS)).isEqualTo("SELECT \"a\", \"b\" FROM \"pairs\"");
    }
}
