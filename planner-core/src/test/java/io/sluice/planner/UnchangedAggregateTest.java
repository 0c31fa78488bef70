package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A row that leaves a group's result as it was emits nothing, as in Flink (without state TTL): no -U/+U
 * pair of equal rows reaches a sink, which would write it for nothing. Row by row, and with mini-batch
 * in one phase and two, each row in a bundle of its own.
 */
class UnchangedAggregateTest {
    private static final String SCORES = "CREATE TABLE scores (k STRING, v INT) WITH ('connector' = 'values', "
            + "'changelog-mode' = 'I,D', 'rows' = '+I[a, 5]\n+I[a, 3]\n+I[a, null]\n-D[a, 3]\n+I[a, null]')";

    private static PlannerTestEnvironment environment(String strategy) {
        Map<String, String> configuration = strategy.equals("none") ? Map.of() : Map.of(
                "table.exec.mini-batch.enabled", "true", "table.exec.mini-batch.allow-latency", "1 s",
                "table.exec.mini-batch.size", "1", "table.optimizer.agg-phase-strategy", strategy);
        PlannerTestEnvironment environment = new PlannerTestEnvironment(configuration);
        environment.env.executeSql(SCORES);
        return environment;
    }

    @ParameterizedTest(name = "mini-batch: {0}")
    @ValueSource(strings = {"none", "ONE_PHASE", "TWO_PHASE"})
    void maxFedSmallerValuesAndTheirRetractionsEmitsOnlyItsFirstRow(String miniBatch) {
        assertThat(environment(miniBatch).run("SELECT k, MAX(v) FROM scores GROUP BY k")).isEqualTo("+I[a, 5]\n");
    }

    @ParameterizedTest(name = "mini-batch: {0}")
    @ValueSource(strings = {"none", "ONE_PHASE", "TWO_PHASE"})
    void countOfAColumnFedNullsEmitsNothingForThem(String miniBatch) {
        assertThat(environment(miniBatch).run("SELECT k, COUNT(v) FROM scores GROUP BY k")).isEqualTo("""
                +I[a, 1]
                -U[a, 1]
                +U[a, 2]
                -U[a, 2]
                +U[a, 1]
                """);
    }
}
