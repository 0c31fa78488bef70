package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Local/global aggregation with mini-batch: AVG, COUNT(DISTINCT) and retracting input, same results as one phase. */
class TwoPhaseAggregateTest {
    private static final Map<String, String> MINI_BATCH = Map.of("table.exec.mini-batch.enabled", "true",
            "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "3");
    private static final String SCORES = "CREATE TABLE scores (k STRING, v INT) WITH ('connector' = 'values', "
            + "'rows' = '+I[a, 1]\n+I[b, 2]\n+I[a, 3]\n+I[a, 3]\n+I[b, 6]\n+I[c, 5]\n+I[a, 8]')";

    private static PlannerTestEnvironment environment(Map<String, String> configuration) {
        PlannerTestEnvironment environment = new PlannerTestEnvironment(configuration);
        environment.env.executeSql(SCORES);
        return environment;
    }

    private final PlannerTestEnvironment twoPhase = environment(MINI_BATCH);

    @Test
    void averageAndDistinctCountSplitIntoPartials() {
        assertThat(twoPhase.run("EXPLAIN SELECT k, AVG(v) AS av, COUNT(DISTINCT v) AS dv, MAX(v) AS mx FROM scores "
                + "GROUP BY k")).isEqualTo("""
                GlobalGroupAggregate(groupBy=[k], select=[k, AVG((sum$0, count$0)) AS av, COUNT(distinct$1) AS dv, MAX(max$2) AS mx])
                +- Exchange(distribution=[hash[k]])
                   +- LocalGroupAggregate(groupBy=[k], select=[k, AVG(v) AS (sum$0, count$0), COUNT(DISTINCT v) AS distinct$1, MAX(v) AS max$2])
                      +- MiniBatchAssigner(interval=[1000ms], mode=[ProcTime])
                         +- TableSourceScan(table=[[default_catalog, default_database, scores]], fields=[k, v])
                """);
    }

    @Test
    void averageAndDistinctCountEndAsInOnePhase() {
        String query = "SELECT k, AVG(v) AS av, COUNT(DISTINCT v) AS dv FROM scores GROUP BY k";
        assertThat(twoPhase.finalRows(query)).containsExactlyInAnyOrder("a, 3, 3", "b, 4, 2", "c, 5, 1");
        PlannerTestEnvironment onePhase = environment(Map.of());
        assertThat(onePhase.finalRows(query)).containsExactlyInAnyOrder("a, 3, 3", "b, 4, 2", "c, 5, 1");
    }

    @Test
    void retractingInputSplitsWithRetractFunctions() {
        String nested = "SELECT cnt, COUNT(*) AS num, MIN(k) AS first_k FROM "
                + "(SELECT k, COUNT(*) AS cnt FROM scores GROUP BY k) GROUP BY cnt";
        assertThat(twoPhase.run("EXPLAIN CHANGELOG_MODE " + nested)).startsWith("""
                GlobalGroupAggregate(groupBy=[cnt], select=[cnt, COUNT_RETRACT(count1$0) AS num, MIN_RETRACT(min$1) AS first_k], changelogMode=[I,UA,D])
                +- Exchange(distribution=[hash[cnt]], changelogMode=[I,UB,UA])
                   +- LocalGroupAggregate(groupBy=[cnt], select=[cnt, COUNT_RETRACT(*) AS count1$0, MIN_RETRACT(k) AS min$1], changelogMode=[I,UB,UA])
                """);
        assertThat(twoPhase.finalRows(nested)).containsExactlyInAnyOrder("1, 1, c", "2, 1, b", "4, 1, a");
    }
}
