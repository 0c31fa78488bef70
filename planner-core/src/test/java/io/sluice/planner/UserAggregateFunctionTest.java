package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.functions.AggregateFunction;
import java.io.Serializable;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CREATE FUNCTION with Java aggregate functions: several arguments, retraction, checkpoints of accumulators, errors. */
class UserAggregateFunctionTest {
    private static final String ORDERS = "CREATE TABLE sales (id INT, shop STRING, amount INT, weight DOUBLE, "
            + "PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', 'rows' = '"
            + "+I[1, a, 10, 1.0]\n+I[2, a, 20, 3.0]\n+I[3, b, 5, null]\n-U[2, a, 20, 3.0]\n+U[2, a, 40, 1.0]\n"
            + "-D[1, a, 10, 1.0]\n+I[4, b, 7, 2.0]')";

    /** The weighted mean of a value; the weight as a boxed parameter receives NULL and counts as 1. */
    public static class WeightedMean extends AggregateFunction<Double, WeightedMean.Sums> {
        public static class Sums implements Serializable {
            double weighted;
            double weights;
        }

        @Override
        public Sums createAccumulator() {
            return new Sums();
        }

        @Override
        public Double getValue(Sums sums) {
            return sums.weights == 0 ? null : sums.weighted / sums.weights;
        }

        public void accumulate(Sums sums, long value, Double weight) {
            double w = weight == null ? 1 : weight;
            sums.weighted += value * w;
            sums.weights += w;
        }

        public void retract(Sums sums, long value, Double weight) {
            double w = weight == null ? 1 : weight;
            sums.weighted -= value * w;
            sums.weights -= w;
        }
    }

    /** Sessions that a row bridges merge their sums. */
    public static class MergingWeightedMean extends WeightedMean {
        public void merge(Sums sums, Iterable<Sums> others) {
            for (Sums other : others) {
                sums.weighted += other.weighted;
                sums.weights += other.weights;
            }
        }
    }

    /** Has no retract method. */
    public static class Longest extends AggregateFunction<String, Longest.Holder> {
        public static class Holder implements Serializable {
            String longest;
        }

        @Override
        public Holder createAccumulator() {
            return new Holder();
        }

        @Override
        public String getValue(Holder holder) {
            return holder.longest;
        }

        public void accumulate(Holder holder, String value) {
            if (value != null && (holder.longest == null || value.length() > holder.longest.length())) {
                holder.longest = value;
            }
        }
    }

    @Test
    void anAggregateFunctionTakesSeveralArgumentsAndFollowsRetractions() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment(Map.of("table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "2"));
        tables.env.executeSql(ORDERS);
        tables.env.executeSql("CREATE FUNCTION weighted_mean AS '" + WeightedMean.class.getName() + "'");
        String query = "SELECT shop, weighted_mean(amount, weight) AS mean FROM sales GROUP BY shop";
        assertThat(tables.run("EXPLAIN " + query)).contains("weighted_mean(amount, weight) AS mean")
                .doesNotContain("LocalGroupAggregate");
        assertThat(tables.finalRows(query)).containsExactlyInAnyOrder("a, 40.0", "b, 6.333333333333333");
    }

    @Test
    void aFunctionWithoutRetractIsRefusedOverAnUpdatingInputAndRunsOverInserts() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment();
        tables.env.executeSql(ORDERS);
        tables.env.executeSql("CREATE FUNCTION longest AS '" + Longest.class.getName() + "'");
        assertThatThrownBy(() -> tables.run("SELECT longest(shop) FROM sales"))
                .hasMessageContaining("Aggregate function longest cannot take rows back, but its input has updates or "
                        + "deletes: give " + Longest.class.getCanonicalName() + " a retract method");
        assertThat(tables.run("SELECT longest(word) FROM words")).isEqualTo("""
                +I[a]
                """);
    }

    @Test
    void anAggregateFunctionRunsOverAnOverWindow() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment();
        tables.env.executeSql("CREATE TABLE events (k STRING, x INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ("
                + "'connector' = 'values', 'rows' = '+I[a, 1, 2026-01-01T00:00:00]\n+I[a, 3, 2026-01-01T00:00:01]\n"
                + "+I[a, 5, 2026-01-01T00:00:02]')");
        tables.env.executeSql("CREATE FUNCTION weighted_mean AS '" + WeightedMean.class.getName() + "'");
        assertThat(tables.run("SELECT x, weighted_mean(x, CAST(x AS DOUBLE)) OVER (PARTITION BY k ORDER BY ts "
                + "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM events")).isEqualTo("""
                +I[1, 1.0]
                +I[3, 2.5]
                +I[5, 4.25]
                """);
    }

    private static final String EVENTS = "CREATE TABLE events (k STRING, x INT, ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts - INTERVAL '10' SECOND) WITH ('connector' = 'values', 'rows' = '"
            + "+I[a, 1, 2026-01-01T00:00:00]\n+I[a, 3, 2026-01-01T00:00:10]\n+I[b, 2, 2026-01-01T00:00:11]\n"
            + "+I[a, 5, 2026-01-01T00:00:05]\n+I[a, 7, 2026-01-01T00:01:00]')";

    @Test
    void anAggregateFunctionWithSeveralArgumentsRunsInWindowAggregations() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment();
        tables.env.executeSql(EVENTS);
        tables.env.executeSql("CREATE FUNCTION weighted_mean AS '" + WeightedMean.class.getName() + "'");
        assertThat(tables.run("SELECT k, window_start, weighted_mean(x, CAST(x AS DOUBLE)) AS m FROM TABLE("
                + "TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '30' SECOND)) GROUP BY k, window_start, window_end"))
                .isEqualTo("""
                        +I[a, 2026-01-01T00:00, 3.888888888888889]
                        +I[b, 2026-01-01T00:00, 2.0]
                        +I[a, 2026-01-01T00:01, 7.0]
                        """);
        assertThat(tables.run("SELECT window_start, weighted_mean(n, CAST(1 AS DOUBLE)) FROM (SELECT k, window_start, window_end, "
                + "COUNT(*) AS n FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '30' SECOND)) "
                + "GROUP BY k, window_start, window_end) GROUP BY window_start, window_end")).isEqualTo("""
                        +I[2026-01-01T00:00, 2.0]
                        +I[2026-01-01T00:01, 1.0]
                        """);
    }

    @Test
    void sessionWindowsMergeTheAccumulatorsOfSessionsARowBridges() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment();
        tables.env.executeSql(EVENTS);
        tables.env.executeSql("CREATE FUNCTION merging_mean AS '" + MergingWeightedMean.class.getName() + "'");
        tables.env.executeSql("CREATE FUNCTION weighted_mean AS '" + WeightedMean.class.getName() + "'");
        String session = " FROM TABLE(SESSION(TABLE events PARTITION BY k, DESCRIPTOR(ts), INTERVAL '6' SECOND)) "
                + "GROUP BY k, window_start, window_end";
        assertThat(tables.run("SELECT k, window_start, window_end, merging_mean(x, CAST(1 AS DOUBLE))" + session)).isEqualTo("""
                +I[a, 2026-01-01T00:00, 2026-01-01T00:00:16, 3.0]
                +I[b, 2026-01-01T00:00:11, 2026-01-01T00:00:17, 2.0]
                +I[a, 2026-01-01T00:01, 2026-01-01T00:01:06, 7.0]
                """);
        assertThatThrownBy(() -> tables.run("SELECT k, weighted_mean(x, CAST(1 AS DOUBLE))" + session))
                .hasMessageContaining("User-defined aggregate function weighted_mean needs a public method "
                        + "merge(Sums accumulator, Iterable<Sums> others) in a SESSION window aggregation");
    }
}
