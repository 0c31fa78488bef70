package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** OVER aggregates: ROWS and RANGE frames by rowtime and PROCTIME(), over an updating input, and the errors. */
class OverAggregateTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    OverAggregateTest() {
        tables.env.executeSql("CREATE TABLE events (k STRING, x INT, ts TIMESTAMP(3), "
                + "WATERMARK FOR ts AS ts - INTERVAL '2' MINUTE) WITH ('connector' = 'values', 'rows' = '"
                + "+I[a, 1, 2026-01-01T00:00:00]\n+I[a, 2, 2026-01-01T00:02:00]\n+I[b, 5, 2026-01-01T00:01:00]\n"
                + "+I[a, 3, 2026-01-01T00:01:00]\n+I[a, 4, 2026-01-01T00:01:00]\n+I[a, 9, 2026-01-01T00:05:00]')");
    }

    @Test
    void rowsFramesByRowtimeTakeRowsInTimeOrder() {
        String query = "SELECT k, x, SUM(x) OVER w AS total, COUNT(*) OVER w AS cnt FROM events "
                + "WINDOW w AS (PARTITION BY k ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains(
                "OverAggregate(partitionBy=[k], orderBy=[ts ASC], window=[ROWS BETWEEN 1 PRECEDING AND CURRENT ROW], "
                + "select=[k, x, ts, COUNT(x) AS w0$o0, SUM(x) AS w0$o1, COUNT(*) AS w0$o2], changelogMode=[I])\n"
                + "   +- Exchange(distribution=[hash[k]], changelogMode=[I])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[a, 1, 1, 1]
                +I[b, 5, 5, 1]
                +I[a, 3, 4, 2]
                +I[a, 4, 7, 2]
                +I[a, 2, 6, 2]
                +I[a, 9, 11, 2]
                """);
    }

    @Test
    void rangeFramesReachBackByTimeAndIncludeTheCurrentRowsPeers() {
        assertThat(tables.run("SELECT k, x, SUM(x) OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL '1' MINUTE "
                + "PRECEDING AND CURRENT ROW) FROM events")).isEqualTo("""
                +I[a, 1, 1]
                +I[b, 5, 5]
                +I[a, 3, 8]
                +I[a, 4, 8]
                +I[a, 2, 9]
                +I[a, 9, 9]
                """);
        assertThat(tables.run("SELECT k, x, MAX(x) OVER (ORDER BY ts RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
                + "FROM events")).isEqualTo("""
                +I[a, 1, 1]
                +I[b, 5, 5]
                +I[a, 3, 5]
                +I[a, 4, 5]
                +I[a, 2, 5]
                +I[a, 9, 9]
                """);
    }

    /**
     * Row b moves the watermark to 00:10, past a's 00:05. A bounded frame takes a's row all the same, at
     * the next watermark, as its partition has taken nothing that late yet, as Flink does; an unbounded
     * frame drops it, and a bounded one drops a row no newer than its partition's last.
     */
    @Test
    void aRowBehindTheWatermarkIsLateForABoundedFrameOnlyWhenItsPartitionHasGoneThatFar() {
        tables.env.executeSql("CREATE TABLE late (k STRING, x INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
                + "WITH ('connector' = 'values', 'rows' = '+I[a, 1, 2026-01-01T00:04:00]\n"
                + "+I[b, 2, 2026-01-01T00:10:00]\n+I[a, 3, 2026-01-01T00:05:00]\n+I[a, 4, 2026-01-01T00:03:30]')");

        assertThat(tables.run("SELECT k, x, SUM(x) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN 1 PRECEDING "
                + "AND CURRENT ROW) FROM late")).isEqualTo("""
                +I[a, 1, 1]
                +I[b, 2, 2]
                +I[a, 3, 4]
                """);
        assertThat(tables.run("SELECT k, x, SUM(x) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN UNBOUNDED "
                + "PRECEDING AND CURRENT ROW) FROM late")).isEqualTo("""
                +I[a, 1, 1]
                +I[b, 2, 2]
                """);
    }

    @Test
    void processingTimeFramesCountRowsAsTheyArrive() {
        tables.env.executeSql("CREATE TABLE arrivals (k STRING, pt AS PROCTIME()) WITH ('connector' = 'values', "
                + "'rows' = '+I[a]\n+I[b]\n+I[a]')");
        assertThat(tables.run("SELECT k, COUNT(*) OVER (PARTITION BY k ORDER BY pt ROWS BETWEEN UNBOUNDED PRECEDING "
                + "AND CURRENT ROW) FROM arrivals")).isEqualTo("""
                +I[a, 1]
                +I[b, 1]
                +I[a, 2]
                """);
    }

    @Test
    void overAnUpdatingInputAChangeUpdatesTheRowsWhoseFrameItTouches() {
        tables.env.executeSql("CREATE TABLE sales (id INT, seller STRING, price INT, t TIMESTAMP(3), "
                + "PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', "
                + "'rows' = '+I[1, s, 10, 2026-01-01T00:00:01]\n+I[2, s, 20, 2026-01-01T00:00:02]\n"
                + "+I[3, s, 30, 2026-01-01T00:00:03]\n-U[2, s, 20, 2026-01-01T00:00:02]\n"
                + "+U[2, s, 40, 2026-01-01T00:00:02]\n-D[1, s, 10, 2026-01-01T00:00:01]\n"
                + "+I[4, t, 7, 2026-01-01T00:00:09]')");
        String query = "SELECT seller, id, AVG(price) OVER (PARTITION BY seller ORDER BY t ROWS BETWEEN 1 PRECEDING "
                + "AND CURRENT ROW) AS avg_price FROM sales";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains(
                "OverAggregate(partitionBy=[seller], orderBy=[t ASC], window=[ROWS BETWEEN 1 PRECEDING AND CURRENT "
                + "ROW], select=[id, seller, price, t, COUNT(price) AS w0$o0, SUM(price) AS w0$o1], changelogMode=[I,UA,D])");
        assertThat(tables.finalRows(query)).containsExactlyInAnyOrder("s, 2, 40", "s, 3, 35", "t, 4, 7");
    }

    @Test
    void unsupportedWindowsAreRefused() {
        assertThatThrownBy(() -> tables.run("SELECT SUM(x) OVER (PARTITION BY k ORDER BY ts), "
                + "COUNT(*) OVER (ORDER BY ts) FROM events"))
                .hasMessageContaining("All OVER aggregates of a query must use the same window");
        assertThatThrownBy(() -> tables.run("SELECT SUM(x) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) "
                + "FROM events")).hasMessageContaining("An OVER frame must end at CURRENT ROW");
        assertThatThrownBy(() -> tables.run("SELECT SUM(x) OVER (ORDER BY k RANGE BETWEEN INTERVAL '1' MINUTE "
                + "PRECEDING AND CURRENT ROW) FROM events")).hasMessageContaining("Data type of ORDER BY prohibits use of RANGE clause");
    }
}
