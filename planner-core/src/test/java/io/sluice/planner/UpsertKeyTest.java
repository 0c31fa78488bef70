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
    private static final String RANKED = "CREATE TABLE ranked (id INT, g INT, v INT, ";
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

    /**
     * A Top-N without its rank number keeps its input's key only where the key holds the partition
     * columns: partitioned on another column, a row that moves to another partition is taken back on
     * one subtask and added on another, and nothing orders the two.
     */
    @Test
    void topNWithoutRankNumberLosesAKeyThatLacksItsPartitionColumns() {
        tables.env.executeSql(RANKED + "PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'values', "
                + "'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[1, 1, 10]')");
        tables.env.executeSql("CREATE TABLE top_by_id (id INT, g INT, v INT, PRIMARY KEY (id) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        String topTwo = "INSERT INTO top_by_id SELECT id, g, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY g "
                + "ORDER BY v DESC) AS rn FROM ranked) WHERE rn <= 2";

        assertThatThrownBy(() -> tables.env.executeSql(topTwo))
                .hasMessageContaining("Primary key: [id], upsert key: .");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + topTwo + " ON CONFLICT DO DEDUPLICATE")).isEqualTo("""
                Sink(table=[default_catalog.default_database.top_by_id], fields=[id, g, v], upsertMaterialize=[true], conflictStrategy=[DEDUPLICATE], matchFields=[id, g, v], changelogMode=[NONE])
                +- Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2], partitionBy=[g], orderBy=[v DESC], select=[id, g, v], changelogMode=[I,UB,UA,D])
                   +- Exchange(distribution=[hash[g]], changelogMode=[I,UB,UA,D])
                      +- TableSourceScan(table=[[default_catalog, default_database, ranked]], fields=[id, g, v], changelogMode=[I,UB,UA,D])
                """);
    }

    /** A key that holds the partition columns reaches the sink: each of its rows stays in one partition. */
    @Test
    void topNWithoutRankNumberKeepsAKeyThatHoldsItsPartitionColumns() {
        tables.env.executeSql(RANKED + "PRIMARY KEY (g, id) NOT ENFORCED) WITH ('connector' = 'values', "
                + "'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[1, 1, 10]')");
        tables.env.executeSql("CREATE TABLE top_by_g (g INT, id INT, v INT, PRIMARY KEY (g, id) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");

        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO top_by_g SELECT g, id, v FROM (SELECT *, "
                + "ROW_NUMBER() OVER (PARTITION BY g ORDER BY v DESC) AS rn FROM ranked) WHERE rn <= 2")).isEqualTo("""
                Sink(table=[default_catalog.default_database.top_by_g], fields=[g, id, v], changelogMode=[NONE])
                +- Calc(select=[g, id, v], changelogMode=[I,UA,D])
                   +- Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=2], partitionBy=[g], orderBy=[v DESC], select=[id, g, v], changelogMode=[I,UA,D])
                      +- Exchange(distribution=[hash[g]], changelogMode=[I,UB,UA,D])
                         +- TableSourceScan(table=[[default_catalog, default_database, ranked]], fields=[id, g, v], changelogMode=[I,UB,UA,D])
                """);
    }
}
