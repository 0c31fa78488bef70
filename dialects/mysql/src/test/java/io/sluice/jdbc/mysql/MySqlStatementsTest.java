package io.sluice.jdbc.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.DatabaseProduct;
import io.sluice.jdbc.dialect.TableDefinition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MySqlStatementsTest {
    private static final DatabaseProduct MARIADB_10_11 = new DatabaseProduct("MariaDB", "5.5.5-10.11.6-MariaDB");
    private final MySqlDialect dialect = new MySqlDialect();

    private static TableDefinition table(String name, List<String> key, Column... columns) {
        return new TableDefinition(name, List.of(columns), key);
    }

    private MySqlStatements statements(TableDefinition table, boolean rowAlias) {
        return new MySqlStatements(table, dialect.quoteTableName(table.tableName()), dialect::quoteIdentifier, rowAlias);
    }

    private static final TableDefinition ORDERS = table("shop.order", List.of("id"),
            new Column("id", LogicalType.bigint()), new Column("my table", LogicalType.string()),
            new Column("a`b", LogicalType.intType()));

    private static final TableDefinition TENANT_ORDERS = table("tenant_orders", List.of("tenant_id", "order_id"),
            new Column("tenant_id", LogicalType.intType()), new Column("order_id", LogicalType.bigint()),
            new Column("status", LogicalType.string()));

    @Test
    void quotesOddIdentifiersWithBackticks() {
        assertThat(dialect.quoteIdentifier("order")).isEqualTo("`order`");
        assertThat(dialect.quoteIdentifier("my table")).isEqualTo("`my table`");
        assertThat(dialect.quoteIdentifier("a`b")).isEqualTo("`a``b`");
        assertThat(dialect.quoteIdentifier("say \"hi\"")).isEqualTo("`say \"hi\"`");
        assertThat(dialect.quoteTableName("shop.order")).isEqualTo("`shop`.`order`");
    }

    @Test
    void upsertWithValuesFunctionUpdatesOnlyNonKeyColumns() {
        assertThat(statements(ORDERS, false).upsert(2)).isEqualTo(
                "INSERT INTO `shop`.`order` (`id`, `my table`, `a``b`) VALUES (?, ?, ?), (?, ?, ?)"
                        + " ON DUPLICATE KEY UPDATE `my table` = VALUES(`my table`), `a``b` = VALUES(`a``b`)");
    }

    @Test
    void upsertWithRowAliasOnMySql8() {
        assertThat(statements(TENANT_ORDERS, true).upsert(1)).isEqualTo(
                "INSERT INTO `tenant_orders` (`tenant_id`, `order_id`, `status`) VALUES (?, ?, ?)"
                        + " AS new ON DUPLICATE KEY UPDATE `status` = new.`status`");
    }

    @Test
    void allKeyTableInsertsMissingRowsWithoutIgnoringErrors() {
        TableDefinition pairs = table("pairs", List.of("a", "b"),
                new Column("a", LogicalType.intType()), new Column("b", LogicalType.varchar(10)));
        assertThat(statements(pairs, true).upsert(2))
                .isEqualTo("INSERT INTO `pairs` (`a`, `b`) VALUES (?, ?), (?, ?) ON DUPLICATE KEY UPDATE `a` = `a`");
    }

    @Test
    void deletesBySingleAndCompositeKey() {
        assertThat(statements(ORDERS, false).delete(3)).isEqualTo("DELETE FROM `shop`.`order` WHERE `id` IN (?, ?, ?)");
        assertThat(statements(TENANT_ORDERS, false).delete(2)).isEqualTo(
                "DELETE FROM `tenant_orders` WHERE (`tenant_id`, `order_id`) IN ((?, ?), (?, ?))");
    }

    @Test
    void plainInsertForTablesWithoutKey() {
        TableDefinition log = table("log", List.of(), new Column("msg", LogicalType.string()));
        assertThat(statements(log, false).insert(2)).isEqualTo("INSERT INTO `log` (`msg`) VALUES (?), (?)");
    }

    @Test
    void createTableMapsEveryType() {
        TableDefinition all = table("all_types", List.of("k", "b"),
                new Column("k", LogicalType.string()), new Column("b", LogicalType.bytes()),
                new Column("bool", LogicalType.booleanType()), new Column("t", LogicalType.tinyint()),
                new Column("s", LogicalType.smallint()), new Column("i", LogicalType.intType().notNull()),
                new Column("l", LogicalType.bigint()), new Column("f", LogicalType.floatType()),
                new Column("d", LogicalType.doubleType()), new Column("dec", LogicalType.decimal(12, 4)),
                new Column("c", LogicalType.charType(3)), new Column("v", LogicalType.varchar(64)),
                new Column("str", LogicalType.string()), new Column("day", LogicalType.date()),
                new Column("tm", LogicalType.time(3)), new Column("ts", LogicalType.timestamp(6)),
                new Column("ltz", LogicalType.timestampLtz(3)), new Column("blob", LogicalType.bytes()));
        assertThat(dialect.createTableStatement(all, MARIADB_10_11)).isEqualTo("CREATE TABLE IF NOT EXISTS `all_types` ("
                + "`k` VARCHAR(255) NOT NULL, `b` VARBINARY(255) NOT NULL, `bool` BOOLEAN, `t` TINYINT,"
                + " `s` SMALLINT, `i` INT NOT NULL, `l` BIGINT, `f` FLOAT, `d` DOUBLE, `dec` DECIMAL(12, 4),"
                + " `c` CHAR(3), `v` VARCHAR(64), `str` LONGTEXT, `day` DATE, `tm` TIME(3), `ts` DATETIME(6),"
                + " `ltz` DATETIME(3), `blob` LONGBLOB, PRIMARY KEY (`k`, `b`))"
                + " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin");
    }

    @Test
    void createdTablesKeepTrailingSpacesOfKeysSignificantWhereTheServerCan() {
        TableDefinition keyed = table("t", List.of("k"), new Column("k", LogicalType.string()));
        assertThat(dialect.createTableStatement(keyed, new DatabaseProduct("MySQL", "8.0.36")))
                .endsWith(" COLLATE=utf8mb4_0900_bin");
        assertThat(dialect.createTableStatement(keyed, new DatabaseProduct("MySQL", "5.7.44")))
                .endsWith(" COLLATE=utf8mb4_bin");
    }

    @Test
    void rejectsTypesTheDatabaseCannotHoldNamingTableAndColumn() {
        assertThatThrownBy(() -> dialect.validateType("events", "at", LogicalType.timestamp(9)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Table 'events' column 'at' is declared TIMESTAMP(9), which the database cannot hold:"
                        + " MySQL keeps at most 6 fractional second digits.");
        assertThatThrownBy(() -> dialect.validateType("events", "code", LogicalType.charType(300)))
                .hasMessageContaining("'code' is declared CHAR(300)");
        TableDefinition longKey = table("events", List.of("k"), new Column("k", LogicalType.varchar(1000)));
        assertThatThrownBy(() -> dialect.createTableStatement(longKey, MARIADB_10_11))
                .hasMessageContaining("Table 'events' column 'k' is declared VARCHAR(1000)")
                .hasMessageContaining("at most 768 characters");
    }

    @Test
    void selectsDeclaredColumns() {
        assertThat(dialect.selectStatement(TENANT_ORDERS))
                .isEqualTo("SELECT `tenant_id`, `order_id`, `status` FROM `tenant_orders`");
    }

    @Test
    void eachSchemeHasTheDriverItNames() {
        assertThat(dialect.defaultDriverClass("jdbc:mysql://h:3306/test")).isEqualTo("com.mysql.cj.jdbc.Driver");
        assertThat(dialect.defaultDriverClass("jdbc:mariadb://h:3306/test")).isEqualTo("org.mariadb.jdbc.Driver");
    }

    @Test
    void addsPermitMysqlSchemeUnlessConnectorJServesTheUrl() {
        String mariaDb = MySqlDialect.MARIADB_DRIVER;
        assertThat(dialect.connectionUrl("jdbc:mysql://h:3306/test", mariaDb))
                .isEqualTo("jdbc:mysql://h:3306/test?permitMysqlScheme");
        assertThat(dialect.connectionUrl("jdbc:mysql://h/test?a=b", null)).isEqualTo("jdbc:mysql://h/test?a=b&permitMysqlScheme");
        assertThat(dialect.connectionUrl("jdbc:mysql://h/test", MySqlDialect.MYSQL_DRIVER)).isEqualTo("jdbc:mysql://h/test");
        assertThat(dialect.connectionUrl("jdbc:mariadb://h/test", mariaDb)).isEqualTo("jdbc:mariadb://h/test");
    }

    @Test
    void timeoutsGoToBothDriversInMilliseconds() {
        Map<String, String> properties = dialect.driverProperties("jdbc:mysql://h/test",
                new ConnectionTimeouts(Duration.ofMillis(2500), Duration.ofMinutes(5)));
        assertThat(properties).containsEntry("connectTimeout", "2500").containsEntry("socketTimeout", "300000");
    }
}
