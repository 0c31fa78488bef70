package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Window aggregation over TUMBLE, HOP, CUMULATE and SESSION: plans, results at watermarks and at the end of input, errors. */
class WindowAggregateTest {
    private static final String CLICKS = "CREATE TABLE clicks (k STRING, x INT, ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'values', 'rows' = '"
            + "+I[a, 1, 2026-01-01T00:00:01]\n+I[b, 2, 2026-01-01T00:01:30]\n+I[a, 3, 2026-01-01T00:04:59]\n"
            + "+I[a, 4, 2026-01-01T00:05:00]\n+I[b, 5, 2026-01-01T00:09:00]\n+I[a, 6, 2026-01-01T00:12:00]')";
    private static final String TUMBLE = "FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) ";

    private final PlannerTestEnvironment tables = withClicks(Map.of());

    private static PlannerTestEnvironment withClicks(Map<String, String> configuration) {
        PlannerTestEnvironment environment = new PlannerTestEnvironment(configuration);
        environment.env.executeSql(CLICKS);
        return environment;
    }

    @Test
    void tumbleExplainsAsWindowAggregateAfterWatermarkAssigner() {
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT window_start, window_end, k, COUNT(*) AS cnt, "
                + "SUM(x) AS total " + TUMBLE + "GROUP BY window_start, window_end, k")).isEqualTo("""
                Calc(select=[window_start, window_end, k, cnt, total], changelogMode=[I])
                +- WindowAggregate(groupBy=[k], window=[TUMBLE(time_col=[ts], size=[5 min])], select=[k, COUNT(*) AS cnt, SUM(x) AS total, start('w$) AS window_start, end('w$) AS window_end], changelogMode=[I])
                   +- Exchange(distribution=[hash[k]], changelogMode=[I])
                      +- WatermarkAssigner(rowtime=[ts], watermark=[(ts - 5000:INTERVAL SECOND)], changelogMode=[I])
                         +- TableSourceScan(table=[[default_catalog, default_database, clicks]], fields=[k, x, ts], changelogMode=[I])
                """);
    }

    @Test
    void tumbleCountsEachWindowOnceAsInserts() {
        assertThat(tables.run("SELECT window_start, window_end, k, COUNT(*) AS cnt, SUM(x) AS total " + TUMBLE
                + "GROUP BY window_start, window_end, k")).isEqualTo("""
                +I[2026-01-01T00:00, 2026-01-01T00:05, a, 2, 4]
                +I[2026-01-01T00:00, 2026-01-01T00:05, b, 1, 2]
                +I[2026-01-01T00:05, 2026-01-01T00:10, a, 1, 4]
                +I[2026-01-01T00:05, 2026-01-01T00:10, b, 1, 5]
                +I[2026-01-01T00:10, 2026-01-01T00:15, a, 1, 6]
                """);
    }

    @Test
    void hopAssignsEachRowToSizeBySlideWindows() {
        String query = "SELECT window_start, window_end, COUNT(*) AS cnt FROM TABLE(HOP(TABLE clicks, DESCRIPTOR(ts), "
                + "INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end";
        assertThat(tables.run("EXPLAIN " + query)).contains(
                "WindowAggregate(window=[HOP(time_col=[ts], size=[10 min], slide=[5 min])], select=[COUNT(*) AS cnt, "
                + "start('w$) AS window_start, end('w$) AS window_end])\n"
                + "   +- Exchange(distribution=[single])\n"
                + "      +- Calc(select=[ts])\n");
        assertThat(tables.run(query)).isEqualTo("""
                +I[2025-12-31T23:55, 2026-01-01T00:05, 3]
                +I[2026-01-01T00:00, 2026-01-01T00:10, 5]
                +I[2026-01-01T00:05, 2026-01-01T00:15, 3]
                +I[2026-01-01T00:10, 2026-01-01T00:20, 1]
                """);
    }

    @Test
    void namedArgumentsFilterAndComputedKeyBeforeTheWindow() {
        String query = "SELECT UPPER(k) AS uk, window_end, MAX(x) AS top FROM TABLE(TUMBLE(DATA => TABLE clicks, "
                + "TIMECOL => DESCRIPTOR(ts), SIZE => INTERVAL '10' MINUTES)) WHERE x > 1 "
                + "GROUP BY window_start, window_end, UPPER(k)";
        assertThat(tables.run("EXPLAIN " + query)).isEqualTo("""
                Calc(select=[uk, window_end, top])
                +- WindowAggregate(groupBy=[$f0], window=[TUMBLE(time_col=[ts], size=[10 min])], select=[$f0, MAX(x) AS top, start('w$) AS window_start, end('w$) AS window_end])
                   +- Exchange(distribution=[hash[$f0]])
                      +- Calc(select=[UPPER(k) AS $f0, x, ts], where=[(x > 1)])
                         +- WatermarkAssigner(rowtime=[ts], watermark=[(ts - 5000:INTERVAL SECOND)])
                            +- TableSourceScan(table=[[default_catalog, default_database, clicks]], fields=[k, x, ts])
                """);
        assertThat(tables.run(query)).isEqualTo("""
                +I[B, 2026-01-01T00:10, 5]
                +I[A, 2026-01-01T00:10, 4]
                +I[A, 2026-01-01T00:20, 6]
                """);
    }

    @Test
    void insertOnlySinkAcceptsWindowedAggregate() {
        tables.env.executeSql("CREATE TABLE appended (ws TIMESTAMP(3), k STRING, cnt BIGINT) WITH ("
                + "'connector' = 'print', 'changelog-mode' = 'insert-only')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO appended SELECT window_start, k, COUNT(*) " + TUMBLE
                + "GROUP BY window_start, window_end, k")).startsWith(
                "Sink(table=[default_catalog.default_database.appended], fields=[ws, k, cnt], changelogMode=[NONE])\n"
                + "+- Calc(select=[window_start, k, EXPR$2], changelogMode=[I])\n"
                + "   +- WindowAggregate(groupBy=[k], ");
    }

    @Test
    void windowNeedsWatermarkedTimeColumn() {
        tables.env.executeSql("CREATE TABLE plain (k STRING, ts TIMESTAMP(3)) WITH ('connector' = 'values', "
                + "'rows' = '+I[a, 2026-01-01T00:00:00]')");
        assertThatThrownBy(() -> tables.run("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE plain, "
                + "DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end"))
                .hasMessageContaining("'ts' has no WATERMARK declared");
    }

    @Test
    void windowMustGroupByWindowStartAndEnd() {
        assertThatThrownBy(() -> tables.run("SELECT window_start, COUNT(*) " + TUMBLE + "GROUP BY window_start"))
                .hasMessageContaining("must GROUP BY both window_start and window_end");
    }

    private static final String CHANGING = "CREATE TABLE changing (id INT, k STRING, x INT, ts TIMESTAMP(3), "
            + "PRIMARY KEY (id) NOT ENFORCED, WATERMARK FOR ts AS ts - INTERVAL '1' MINUTE) WITH ('connector' = 'values', "
            + "'changelog-mode' = 'I,UB,UA,D', 'rows' = '"
            + "+I[1, a, 1, 2026-01-01T00:00:01]\n+I[2, a, 2, 2026-01-01T00:00:30]\n+I[3, b, 5, 2026-01-01T00:00:40]\n"
            + "-U[1, a, 1, 2026-01-01T00:00:01]\n+U[1, a, 10, 2026-01-01T00:00:02]\n-D[3, b, 5, 2026-01-01T00:00:40]\n"
            + "+I[4, a, 7, 2026-01-01T00:01:10]\n-D[2, a, 2, 2026-01-01T00:00:30]\n"
            + "-U[4, a, 7, 2026-01-01T00:01:10]\n+U[4, b, 7, 2026-01-01T00:01:20]')";
    private static final String CHANGING_TUMBLE = "SELECT window_start, window_end, k, COUNT(*) AS cnt, SUM(x) AS total, "
            + "MAX(x) AS top FROM TABLE(TUMBLE(TABLE changing, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) "
            + "GROUP BY window_start, window_end, k";

    @Test
    void updatingInputIsRetractedFromItsWindowsWhichStillFireOnce() {
        tables.env.executeSql(CHANGING);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + CHANGING_TUMBLE)).isEqualTo("""
                Calc(select=[window_start, window_end, k, cnt, total, top], changelogMode=[I])
                +- WindowAggregate(groupBy=[k], window=[TUMBLE(time_col=[ts], size=[1 min])], select=[k, COUNT_RETRACT(*) AS cnt, SUM_RETRACT(x) AS total, MAX_RETRACT(x) AS top, start('w$) AS window_start, end('w$) AS window_end], changelogMode=[I])
                   +- Exchange(distribution=[hash[k]], changelogMode=[I,UB,UA,D])
                      +- Calc(select=[k, x, ts], changelogMode=[I,UB,UA,D])
                         +- WatermarkAssigner(rowtime=[ts], watermark=[(ts - 60000:INTERVAL MINUTE)], changelogMode=[I,UB,UA,D])
                            +- TableSourceScan(table=[[default_catalog, default_database, changing]], fields=[id, k, x, ts], changelogMode=[I,UB,UA,D])
                """);
        // a minute of delay lets every change reach its window in time;
        // b's only row in the first window was deleted: no row for b there
        assertThat(tables.run(CHANGING_TUMBLE)).isEqualTo("""
                +I[2026-01-01T00:00, 2026-01-01T00:01, a, 1, 10, 10]
                +I[2026-01-01T00:01, 2026-01-01T00:02, b, 1, 7, 7]
                """);
    }

    @Test
    void sessionsOfAnUpdatingInputGrowWithEveryChangeAndCountWhatWasNotTakenBack() {
        tables.env.executeSql(CHANGING);
        assertThat(tables.run("SELECT k, window_start, window_end, COUNT(*), SUM(x) FROM TABLE(SESSION(TABLE changing "
                + "PARTITION BY k, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY k, window_start, window_end"))
                .isEqualTo("""
                        +I[a, 2026-01-01T00:00:01, 2026-01-01T00:02:10, 1, 10]
                        +I[b, 2026-01-01T00:00:40, 2026-01-01T00:02:20, 1, 7]
                        """);
    }

    @Test
    void windowTableFunctionKeepsTheKindOfEachRow() {
        tables.env.executeSql(CHANGING);
        assertThat(tables.run("SELECT id, x, window_start FROM TABLE(TUMBLE(TABLE changing, DESCRIPTOR(ts), "
                + "INTERVAL '1' MINUTE)) WHERE id = 4")).isEqualTo("""
                +I[4, 7, 2026-01-01T00:01]
                -U[4, 7, 2026-01-01T00:01]
                +U[4, 7, 2026-01-01T00:01]
                """);
    }

    @Test
    void aSessionTableFunctionRefusesUpdatingInput() {
        tables.env.executeSql(CHANGING);
        assertThatThrownBy(() -> tables.run("SELECT * FROM TABLE(SESSION(TABLE changing PARTITION BY k, "
                + "DESCRIPTOR(ts), INTERVAL '1' MINUTE))"))
                .hasMessageContaining("WindowTableFunction doesn't support consuming update and delete changes which "
                        + "is produced by node TableSourceScan(table=[[default_catalog, default_database, changing]]");
    }

    @Test
    void windowOffsetIsRejected() {
        assertThatThrownBy(() -> tables.run("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, "
                + "DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '1' MINUTE)) GROUP BY window_start, window_end"))
                .hasMessageContaining("TUMBLE with an offset is not supported");
    }

    @Test
    void cumulateGrowsEachWindowByStepsUntilItsSize() {
        String query = "SELECT window_start, window_end, COUNT(*) AS cnt, SUM(x) AS total FROM TABLE(CUMULATE("
                + "TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) "
                + "GROUP BY window_start, window_end";
        assertThat(tables.run("EXPLAIN " + query)).contains(
                "window=[CUMULATE(time_col=[ts], max_size=[10 min], step=[5 min])]");
        assertThat(tables.run(query)).isEqualTo("""
                +I[2026-01-01T00:00, 2026-01-01T00:05, 3, 6]
                +I[2026-01-01T00:00, 2026-01-01T00:10, 5, 15]
                +I[2026-01-01T00:10, 2026-01-01T00:15, 1, 6]
                +I[2026-01-01T00:10, 2026-01-01T00:20, 1, 6]
                """);
        assertThatThrownBy(() -> tables.run("SELECT window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE clicks, "
                + "DESCRIPTOR(ts), INTERVAL '4' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end"))
                .hasMessageContaining("CUMULATE's size must be a whole multiple of its step");
    }

    @Test
    void sessionsFormPerPartitionKeyAndCloseAfterTheGap() {
        String sessions = """
                +I[a, 2026-01-01T00:00:01, 2026-01-01T00:03:01, 1, 1]
                +I[b, 2026-01-01T00:01:30, 2026-01-01T00:04:30, 1, 2]
                +I[a, 2026-01-01T00:04:59, 2026-01-01T00:08, 2, 7]
                +I[b, 2026-01-01T00:09, 2026-01-01T00:12, 1, 5]
                +I[a, 2026-01-01T00:12, 2026-01-01T00:15, 1, 6]
                """;
        String flink = "SELECT k, window_start, window_end, COUNT(*) AS cnt, SUM(x) AS total FROM TABLE(SESSION("
                + "TABLE clicks PARTITION BY k, DESCRIPTOR(ts), INTERVAL '3' MINUTES)) GROUP BY k, window_start, window_end";
        assertThat(tables.run("EXPLAIN " + flink)).contains(
                "WindowAggregate(groupBy=[k], window=[SESSION(time_col=[ts], gap=[3 min])]");
        assertThat(tables.run(flink)).isEqualTo(sessions);
        assertThat(tables.run("SELECT k, window_start, window_end, COUNT(*) AS cnt, SUM(x) AS total FROM TABLE("
                + "SESSION(TABLE clicks, DESCRIPTOR(ts), DESCRIPTOR(k), INTERVAL '3' MINUTES)) "
                + "GROUP BY k, window_start, window_end")).isEqualTo(sessions);
    }

    @Test
    void aSessionReadAsATableGivesEachRowOnceWithItsSessionWhenTheSessionEnded() {
        String query = "SELECT * FROM TABLE(SESSION(TABLE clicks PARTITION BY k, DESCRIPTOR(ts), INTERVAL '3' MINUTES))";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("""
                WindowTableFunction(window=[SESSION(time_col=[ts], gap=[3 min])], partitionBy=[k], changelogMode=[I])
                +- Exchange(distribution=[hash[k]], changelogMode=[I])""");
        assertThat(tables.run(query)).isEqualTo("""
                +I[a, 1, 2026-01-01T00:00:01, 2026-01-01T00:00:01, 2026-01-01T00:03:01]
                +I[b, 2, 2026-01-01T00:01:30, 2026-01-01T00:01:30, 2026-01-01T00:04:30]
                +I[a, 3, 2026-01-01T00:04:59, 2026-01-01T00:04:59, 2026-01-01T00:08]
                +I[a, 4, 2026-01-01T00:05, 2026-01-01T00:04:59, 2026-01-01T00:08]
                +I[b, 5, 2026-01-01T00:09, 2026-01-01T00:09, 2026-01-01T00:12]
                +I[a, 6, 2026-01-01T00:12, 2026-01-01T00:12, 2026-01-01T00:15]
                """);
        assertThat(tables.run("SELECT x, window_end FROM TABLE(SESSION(TABLE clicks, DESCRIPTOR(ts), "
                + "INTERVAL '4' MINUTES)) WHERE x > 4")).isEqualTo("""
                +I[5, 2026-01-01T00:16]
                +I[6, 2026-01-01T00:16]
                """);
    }

    @Test
    void aLateRowThatBridgesTwoSessionsMergesThem() {
        tables.env.executeSql("CREATE TABLE visits (k STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' HOUR) "
                + "WITH ('connector' = 'values', 'rows' = '+I[a, 2026-01-01T00:00:00]\n+I[a, 2026-01-01T00:10:00]\n"
                + "+I[b, 2026-01-01T00:07:00]\n+I[a, 2026-01-01T00:05:00]\n+I[a, 2026-01-01T00:30:00]')");
        assertThat(tables.run("SELECT window_start, window_end, COUNT(*) FROM TABLE(SESSION(TABLE visits, "
                + "DESCRIPTOR(ts), INTERVAL '6' MINUTES)) GROUP BY window_start, window_end")).isEqualTo("""
                +I[2026-01-01T00:00, 2026-01-01T00:16, 4]
                +I[2026-01-01T00:30, 2026-01-01T00:36, 1]
                """);
    }

    @Test
    void sessionGroupKeysMustBeItsPartitionKeys() {
        assertThatThrownBy(() -> tables.run("SELECT k, COUNT(*) FROM TABLE(SESSION(TABLE clicks, DESCRIPTOR(ts), "
                + "INTERVAL '3' MINUTES)) GROUP BY k, window_start, window_end"))
                .hasMessageContaining("A SESSION window aggregation without PARTITION BY can only GROUP BY "
                        + "window_start and window_end");
        assertThatThrownBy(() -> tables.run("SELECT k, x, COUNT(*) FROM TABLE(SESSION(TABLE clicks PARTITION BY k, "
                + "DESCRIPTOR(ts), INTERVAL '3' MINUTES)) GROUP BY k, x, window_start, window_end"))
                .hasMessageContaining("A SESSION window aggregation must GROUP BY its partition keys (k), "
                        + "window_start and window_end, and nothing else");
    }

    @Test
    void processingTimeWindowsCountEveryRowInAWindowOfTheClock() {
        tables.env.executeSql("CREATE TABLE arrivals (k STRING, x INT, pt AS PROCTIME()) WITH ('connector' = 'values', "
                + "'rows' = '+I[a, 1]\n+I[b, 2]\n+I[a, 3]')");
        String windows = "SELECT k, COUNT(*) AS cnt, SUM(x) AS total, window_start FROM TABLE(TUMBLE(TABLE arrivals, "
                + "DESCRIPTOR(pt), INTERVAL '1' MINUTE)) GROUP BY k, window_start, window_end";
        assertThat(tables.run("EXPLAIN " + windows)).contains(
                "WindowAggregate(groupBy=[k], window=[TUMBLE(time_col=[pt], size=[1 min])]");
        // The rows may fall into one window or, read across a minute's end, into two: each counts once.
        assertThat(tables.finalRows("SELECT k, SUM(cnt), SUM(total) FROM (" + windows + ") GROUP BY k"))
                .containsExactlyInAnyOrder("a, 2, 4", "b, 1, 2");
    }

    @Test
    void aGroupByTheWindowOfAWindowAggregationIsAWindowAggregationItself() {
        String counts = "SELECT k, COUNT(*) AS cnt, window_start, window_end " + TUMBLE
                + "GROUP BY k, window_start, window_end";
        String query = "SELECT window_start, window_end, MAX(cnt) AS top FROM (" + counts + ") "
                + "GROUP BY window_start, window_end";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains(
                "WindowAggregate(window=[WINDOW(win_start=[window_start], win_end=[window_end])], "
                + "select=[MAX(cnt) AS top, start('w$) AS window_start, end('w$) AS window_end], changelogMode=[I])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[2026-01-01T00:00, 2026-01-01T00:05, 2]
                +I[2026-01-01T00:05, 2026-01-01T00:10, 1]
                +I[2026-01-01T00:10, 2026-01-01T00:15, 1]
                """);
    }

    @Test
    void aTopNPerWindowRanksEachWindowOnceAsInserts() {
        String counts = "SELECT k, COUNT(*) AS cnt, window_start, window_end " + TUMBLE
                + "GROUP BY k, window_start, window_end";
        String query = "SELECT * FROM (SELECT k, cnt, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY "
                + "window_start, window_end ORDER BY cnt DESC, k DESC) AS rn FROM (" + counts + ")) WHERE rn <= 1";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("WindowRank(window=[WINDOW("
                + "win_end=[window_end])], rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], "
                + "partitionBy=[window_start, window_end], orderBy=[cnt DESC, k DESC]").contains("changelogMode=[I]")
                .doesNotContain("UA");
        assertThat(tables.run(query)).isEqualTo("""
                +I[a, 2, 2026-01-01T00:00, 2026-01-01T00:05, 1]
                +I[b, 1, 2026-01-01T00:05, 2026-01-01T00:10, 1]
                +I[a, 1, 2026-01-01T00:10, 2026-01-01T00:15, 1]
                """);
    }

    @Test
    void aWindowTableFunctionReadAsATableGivesEachRowOncePerWindow() {
        assertThat(tables.run("SELECT k, x, window_start, window_end FROM TABLE(HOP(TABLE clicks, DESCRIPTOR(ts), "
                + "INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) WHERE k = 'b'")).isEqualTo("""
                +I[b, 2, 2026-01-01T00:00, 2026-01-01T00:10]
                +I[b, 2, 2025-12-31T23:55, 2026-01-01T00:05]
                +I[b, 5, 2026-01-01T00:05, 2026-01-01T00:15]
                +I[b, 5, 2026-01-01T00:00, 2026-01-01T00:10]
                """);
    }

    @Test
    void aTopNStraightOnAWindowTableFunctionRanksEachWindowOnce() {
        String query = "SELECT * FROM (SELECT k, x, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY "
                + "window_start, window_end ORDER BY x DESC) AS rn " + TUMBLE + ") WHERE rn <= 1";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("WindowRank(").contains(
                "WindowTableFunction(window=[TUMBLE(time_col=[ts], size=[5 min])], changelogMode=[I])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[a, 3, 2026-01-01T00:00, 2026-01-01T00:05, 1]
                +I[b, 5, 2026-01-01T00:05, 2026-01-01T00:10, 1]
                +I[a, 6, 2026-01-01T00:10, 2026-01-01T00:15, 1]
                """);
    }

    @Test
    void aJoinOnTheSameWindowOfBothSidesJoinsEachWindowOnceAsInserts() {
        tables.env.executeSql("CREATE TABLE buys (k STRING, amount INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - "
                + "INTERVAL '5' SECOND) WITH ('connector' = 'values', 'rows' = '+I[a, 10, 2026-01-01T00:02:00]\n"
                + "+I[c, 20, 2026-01-01T00:06:00]')");
        String query = "SELECT L.k, L.x, R.amount, L.window_start FROM (SELECT * " + TUMBLE + ") L FULL JOIN "
                + "(SELECT * FROM TABLE(TUMBLE(TABLE buys, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R "
                + "ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("WindowJoin(leftWindow=[WINDOW("
                + "win_end=[window_end])], rightWindow=[WINDOW(win_end=[window_end])], joinType=[FullOuterJoin]")
                .doesNotContain("UA");
        assertThat(tables.run(query)).doesNotContain("-U[").doesNotContain("-D[");
        assertThat(tables.finalRows(query)).containsExactlyInAnyOrder("a, 1, 10, 2026-01-01T00:00",
                "a, 3, 10, 2026-01-01T00:00", "b, 2, null, 2026-01-01T00:00", "a, 4, null, 2026-01-01T00:05",
                "b, 5, null, 2026-01-01T00:05", "null, null, 20, null", "a, 6, null, 2026-01-01T00:10");
    }

    @Test
    void aLateRowIntoAWindowJoinIsDroppedAlsoWhenItsKeyIsNull() {
        tables.env.executeSql("CREATE TABLE taps (k STRING, x INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ("
                + "'connector' = 'values', 'rows' = '+I[a, 8, 2026-01-01T00:00:27]\n+I[null, 6, 2026-01-01T00:00:22]\n"
                + "+I[null, 7, 2026-01-01T00:00:28]')");
        String windowed = "(SELECT * FROM TABLE(TUMBLE(TABLE taps, DESCRIPTOR(ts), INTERVAL '5' SECOND)))";
        String query = "SELECT COALESCE(L.window_start, R.window_start) AS ws, L.k, L.x, R.x AS x2 FROM " + windowed
                + " L RIGHT JOIN " + windowed + " R ON L.k = R.k AND L.window_start = R.window_start "
                + "AND L.window_end = R.window_end";

        assertThat(tables.finalRows(query)).as("the row at 00:22 comes after the watermark passed its window")
                .containsExactlyInAnyOrder("2026-01-01T00:00:25, a, 8, 8", "2026-01-01T00:00:25, null, null, 7");
    }
}
