package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** GROUPING SETS, ROLLUP and CUBE with GROUPING() and GROUPING_ID(), over insert-only and updating input. */
class GroupingSetsTest {
    private static final String SALES = "CREATE TABLE sales (a STRING, b STRING, v INT) WITH ('connector' = 'values', "
            + "'rows' = '+I[x, p, 1]\n+I[x, q, 2]\n+I[y, p, 3]')";
    /** Updates, a delete that empties a group, and a NULL in a grouping column, which GROUPING() tells apart. */
    private static final String CHANGES = "CREATE TABLE changes (a STRING, b STRING, v INT) WITH ('connector' = "
            + "'values', 'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[x, p, 1]\n+I[x, q, 2]\n+I[y, p, 3]\n"
            + "-U[x, q, 2]\n+U[x, q, 5]\n+I[null, p, 4]\n-D[y, p, 3]')";
    private static final String CUBE = "SELECT a, b, SUM(v) AS total, COUNT(*) AS n, GROUPING(a) AS ga, "
            + "GROUPING_ID(a, b) AS gid FROM changes GROUP BY CUBE (a, b)";
    /** The CUBE's table after all changes, worked out by hand: one row per non-empty group of each set. */
    private static final String[] CUBE_TABLE = {
        "x, p, 1, 1, 0, 0", "x, q, 5, 1, 0, 0", "null, p, 4, 1, 0, 0",
        "x, null, 6, 2, 0, 1", "null, null, 4, 1, 0, 1",
        "null, p, 5, 2, 1, 2", "null, q, 5, 1, 1, 2",
        "null, null, 10, 3, 1, 3"};

    private static PlannerTestEnvironment environment(Map<String, String> configuration) {
        PlannerTestEnvironment environment = new PlannerTestEnvironment(configuration);
        environment.env.executeSql(SALES);
        environment.env.executeSql(CHANGES);
        return environment;
    }

    private final PlannerTestEnvironment tables = environment(Map.of());

    @Test
    void eachRowUpdatesOneGroupPerSetInTheSetsOrder() {
        assertThat(tables.run("SELECT a, b, SUM(v) AS total, GROUPING(a) AS ga, GROUPING_ID(a, b) AS gid FROM sales "
                + "GROUP BY ROLLUP (a, b)")).isEqualTo("""
                +I[x, p, 1, 0, 0]
                +I[x, null, 1, 0, 1]
                +I[null, null, 1, 1, 3]
                +I[x, q, 2, 0, 0]
                -U[x, null, 1, 0, 1]
                +U[x, null, 3, 0, 1]
                -U[null, null, 1, 1, 3]
                +U[null, null, 3, 1, 3]
                +I[y, p, 3, 0, 0]
                +I[y, null, 3, 0, 1]
                -U[null, null, 3, 1, 3]
                +U[null, null, 6, 1, 3]
                """);
        assertThat(tables.run("SELECT b, COUNT(*) AS n, GROUPING(b) AS gb FROM sales GROUP BY GROUPING SETS ((b), ())"))
                .isEqualTo("""
                        +I[p, 1, 0]
                        +I[null, 1, 1]
                        +I[q, 1, 0]
                        -U[null, 1, 1]
                        +U[null, 2, 1]
                        -U[p, 1, 0]
                        +U[p, 2, 0]
                        -U[null, 2, 1]
                        +U[null, 3, 1]
                        """);
    }

    @Test
    void retractionsReachEverySetsGroup() {
        assertThat(tables.finalRows(CUBE)).containsExactlyInAnyOrder(CUBE_TABLE);
    }

    @Test
    void miniBatchInOneOrTwoPhasesEndsTheSame() {
        for (String strategy : new String[] {"ONE_PHASE", "TWO_PHASE"}) {
            PlannerTestEnvironment miniBatch = environment(Map.of("table.exec.mini-batch.enabled", "true",
                    "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "2",
                    "table.optimizer.agg-phase-strategy", strategy));
            assertThat(miniBatch.finalRows(CUBE)).as(strategy).containsExactlyInAnyOrder(CUBE_TABLE);
        }
    }

    /** The groups' key is the grouping columns and the set: with GROUPING_ID of all of them, a table can take it. */
    @Test
    void theGroupingColumnsAndTheirGroupingIdAreAnUpsertKey() {
        tables.env.executeSql("CREATE TABLE totals (a STRING, b STRING, gid BIGINT, total INT, "
                + "PRIMARY KEY (a, b, gid) NOT ENFORCED) WITH ('connector' = 'blackhole')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO totals SELECT a, b, GROUPING_ID(a, b), SUM(v) "
                + "FROM changes GROUP BY ROLLUP (a, b)"))
                .contains("Sink(table=[default_catalog.default_database.totals], fields=[a, b, gid, total], "
                        + "changelogMode=[NONE])",
                        "Calc(select=[a, b, $e AS EXPR$2, EXPR$3], changelogMode=[I,UA,D])");
        assertThatThrownBy(() -> tables.run("EXPLAIN INSERT INTO totals SELECT COALESCE(a, '*'), COALESCE(b, '*'), 0, "
                + "SUM(v) FROM changes GROUP BY ROLLUP (a, b)"))
                .hasMessageContaining("Please specify an ON CONFLICT clause");
    }

    @Test
    void groupIdNumbersARepeatedSet() {
        assertThat(tables.finalRows("SELECT a, GROUP_ID() AS g, COUNT(*) AS n FROM sales "
                + "GROUP BY GROUPING SETS ((a), (a), ())")).containsExactlyInAnyOrder(
                "x, 0, 2", "y, 0, 1", "x, 1, 2", "y, 1, 1", "null, 0, 3");
    }

    @Test
    void windowedGroupingSetsAreRefused() {
        tables.env.executeSql("CREATE TABLE clicks (a STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
                + "WITH ('connector' = 'values')");
        assertThatThrownBy(() -> tables.run("SELECT window_start, a, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, "
                + "DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, ROLLUP (a)"))
                .hasMessageContaining("GROUPING SETS, ROLLUP and CUBE over a window table function are not supported");
    }
}
