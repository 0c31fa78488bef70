package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code SHOW CREATE TABLE} and {@code SHOW CREATE VIEW}: DDL that makes the object again, secrets masked. */
class ShowCreateTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void aTableWithEveryKindOfColumnItsWatermarkKeyAndOptions() {
        tables.env.executeSql("CREATE TABLE shop_orders (id BIGINT NOT NULL, amount DECIMAL(12, 2), ts TIMESTAMP(3), "
                + "total AS amount * 2, pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND, "
                + "PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db/x', "
                + "'table-name' = 'orders', 'password' = 'Never-Shown-1', 'username' = 'o''brien')");

        assertThat(tables.run("SHOW CREATE TABLE shop_orders")).isEqualTo("""
                CREATE TABLE `default_catalog`.`default_database`.`shop_orders` (
                  `id` BIGINT NOT NULL,
                  `amount` DECIMAL(12, 2),
                  `ts` TIMESTAMP(3),
                  `total` AS amount * 2,
                  `pt` AS PROCTIME(),
                  WATERMARK FOR `ts` AS ts - INTERVAL '5' SECOND,
                  CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED
                ) WITH (
                  'connector' = 'jdbc',
                  'password' = '******',
                  'table-name' = 'orders',
                  'url' = 'jdbc:postgresql://db/x',
                  'username' = 'o''brien'
                )
                """);
    }

    @Test
    void aViewWithItsColumnNamesAndQuery() {
        tables.env.executeSql("CREATE TABLE tokens (word STRING) WITH ('connector' = 'values', 'rows' = '+I[a]')");
        tables.env.executeSql("CREATE VIEW counts (w, n) AS SELECT word, COUNT(*) FROM tokens GROUP BY word");

        assertThat(tables.run("SHOW CREATE VIEW counts")).isEqualTo("""
                CREATE VIEW `default_catalog`.`default_database`.`counts`(`w`, `n`) AS
                SELECT word, COUNT(*) FROM tokens GROUP BY word
                """);
    }

    @Test
    void aTableIsNoViewAndWhatDoesNotExistIsNamed() {
        tables.env.executeSql("CREATE TABLE tokens (word STRING) WITH ('connector' = 'values', 'rows' = '+I[a]')");

        assertThatThrownBy(() -> tables.env.executeSql("SHOW CREATE VIEW tokens")).isInstanceOf(SqlStatementException.class)
                .hasMessage("SHOW CREATE VIEW shows views, but 'default_catalog.default_database.tokens' is a table: use "
                        + "SHOW CREATE TABLE");
        assertThatThrownBy(() -> tables.env.executeSql("SHOW CREATE TABLE nope"))
                .hasMessage("Table 'default_catalog.default_database.nope' does not exist");
    }
}
