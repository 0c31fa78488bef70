package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Upsert keys through projections, seen where they matter: a sink whose primary key is the group key
 * needs no ON CONFLICT exactly when the key survives the final SELECT (seed 003 groups A, B and the cast chain).
 */
class UpsertKeyTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @BeforeEach
    void createSink() {
        tables.env.executeSql("CREATE TABLE stats (storeId INT, tradeDate DATE, pmSign STRING, saleAmt DECIMAL(38, 4), "
                + "modifyDate TIMESTAMP(3), PRIMARY KEY (storeId, tradeDate, pmSign) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
    }

    private String insert(String pmSign, String tradeDate) {
        return tables.run("EXPLAIN INSERT INTO stats SELECT storeId, " + tradeDate + ", " + pmSign + ", SUM(amount), "
                + "CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3)) FROM orders GROUP BY storeId, tradeDate, pmSign");
    }

    @Test
    void groupKeysKeptAsTheyAreMatchThePrimaryKey() {
        assertThat(insert("pmSign", "tradeDate")).doesNotContain("upsertMaterialize");
    }

    @Test
    void renamesKeepTheKey() {
        assertThat(insert("pmSign AS p", "tradeDate AS d")).doesNotContain("upsertMaterialize");
    }

    @Test
    void castChainBackToTheSameTypeKeepsTheKey() {
        assertThat(insert("pmSign", "CAST(CAST(tradeDate AS STRING) AS DATE)")).doesNotContain("upsertMaterialize");
    }

    @Test
    void upperLosesTheKey() {
        assertThatThrownBy(() -> insert("UPPER(pmSign)", "tradeDate"))
                .hasMessageContaining("Primary key: [storeId, tradeDate, pmSign], upsert key: .");
    }

    @Test
    void aDroppedKeyColumnLosesTheKey() {
        tables.env.executeSql("CREATE TABLE per_store (storeId INT, saleAmt DECIMAL(38, 4), "
                + "PRIMARY KEY (storeId) NOT ENFORCED) WITH ('connector' = 'blackhole')");
        assertThatThrownBy(() -> tables.env.executeSql("INSERT INTO per_store SELECT storeId, SUM(amount) FROM orders "
                + "GROUP BY storeId, pmSign")).hasMessageContaining("Primary key: [storeId], upsert key: .");
    }

    @Test
    void lostKeyWithDynamicColumnMatchesOnTheDeterministicFields() {
        String plan = tables.run("EXPLAIN INSERT INTO stats SELECT storeId, tradeDate, UPPER(pmSign), SUM(amount), "
                + "CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3)) FROM orders GROUP BY storeId, tradeDate, pmSign "
                + "ON CONFLICT DO DEDUPLICATE");
        assertThat(plan).contains("matchFields=[storeId, tradeDate, EXPR$2, EXPR$3], nonDeterministic=[EXPR$4]");
    }
}
