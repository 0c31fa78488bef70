package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Aggregates with FILTER (WHERE ...) and with CASE arguments, over inserts and over a changelog. */
class AggregateFilterTest {
    private static final String ORDERS = "CREATE TABLE sales (id INT, shop STRING, buyer STRING, amount INT, "
            + "PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'values', 'changelog-mode' = 'I,UA,D', 'rows' = '"
            + "+I[1, a, x, 50]\n+I[2, a, y, 150]\n+I[3, a, x, 300]\n+I[4, b, z, 20]\n"
            + "+U[1, a, x, 500]\n-D[3, a, x, 300]\n+U[4, b, z, 200]\n+I[5, b, z, 10]')";
    private static final String QUERY = "SELECT shop, COUNT(*) AS n, COUNT(*) FILTER (WHERE amount >= 100) AS big, "
            + "SUM(amount) FILTER (WHERE amount < 100) AS small_total, "
            + "COUNT(DISTINCT buyer) FILTER (WHERE amount >= 100) AS big_buyers, "
            + "SUM(CASE WHEN amount >= 100 THEN 1 ELSE 0 END) AS big_by_case, "
            + "MAX(amount) FILTER (WHERE buyer = 'x') AS max_x FROM sales GROUP BY shop";

    @Test
    void filteredAggregatesCountOnlyTheRowsTheFilterKeepsAlsoWhenRowsAreRetracted() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment();
        tables.env.executeSql(ORDERS);
        // shop a: 1 (x, 500), 2 (y, 150); shop b: 4 (z, 200), 5 (z, 10)
        assertThat(tables.finalRows(QUERY)).containsExactlyInAnyOrder(
                "a, 2, 2, null, 2, 2, 500",
                "b, 2, 1, 10, 1, 1, null");
    }

    @Test
    void miniBatchWithLocalAndGlobalPhasesGivesTheSameRows() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment(Map.of("table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "3"));
        tables.env.executeSql(ORDERS);
        assertThat(tables.finalRows(QUERY)).containsExactlyInAnyOrder(
                "a, 2, 2, null, 2, 2, 500",
                "b, 2, 1, 10, 1, 1, null");
    }

    @Test
    void theFilterBecomesACaseArgumentInThePlan() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment();
        assertThat(tables.run("EXPLAIN SELECT COUNT(*) FILTER (WHERE word <> 'a') AS n FROM words")).isEqualTo("""
                GroupAggregate(select=[COUNT($filtered0) AS n])
                +- Exchange(distribution=[single])
                   +- Calc(select=[CASE((word <> 'a'), 1, null) AS $filtered0])
                      +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word])
                """);
    }
}
