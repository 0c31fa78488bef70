package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Joins bounded by a time interval between two rowtimes run as interval joins: insert-only, also when outer. */
class IntervalJoinTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    IntervalJoinTest() {
        tables.env.executeSql("CREATE TABLE placed (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' "
                + "MINUTE) WITH ('connector' = 'values', 'rows' = '+I[1, 2026-01-01T00:00:00]\n"
                + "+I[2, 2026-01-01T01:00:00]\n+I[3, 2026-01-01T02:00:00]')");
        tables.env.executeSql("CREATE TABLE shipped (order_id INT, sts TIMESTAMP(3), WATERMARK FOR sts AS sts - "
                + "INTERVAL '1' MINUTE) WITH ('connector' = 'values', 'rows' = '+I[1, 2026-01-01T03:00:00]\n"
                + "+I[3, 2026-01-01T02:30:00]\n+I[2, 2026-01-01T06:00:00]\n+I[1, 2026-01-01T05:00:00]')");
    }

    @Test
    void anInnerJoinWithinFourHoursMatchesEachShipmentOfItsOrder() {
        String query = "SELECT p.id, s.sts FROM placed p JOIN shipped s ON p.id = s.order_id "
                + "AND s.sts BETWEEN p.ts AND p.ts + INTERVAL '4' HOUR";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("IntervalJoin(joinType=[InnerJoin], "
                + "windowBounds=[isRowTime=true, leftLowerBound=-14400000, leftUpperBound=0, leftTimeIndex=1, "
                + "rightTimeIndex=1]").contains("changelogMode=[I]").doesNotContain("UA");
        assertThat(tables.finalRows(query)).containsExactlyInAnyOrder("1, 2026-01-01T03:00", "3, 2026-01-01T02:30");
    }

    @Test
    void anOuterJoinEmitsTheRowsThatNeverMatchedOnceTheirIntervalHasPassed() {
        String query = "SELECT p.id, s.order_id, s.sts FROM placed p FULL JOIN shipped s ON p.id = s.order_id "
                + "AND s.sts >= p.ts AND s.sts < p.ts + INTERVAL '4' HOUR";
        String output = tables.run(query);
        assertThat(output).doesNotContain("-D").doesNotContain("-U");
        assertThat(tables.finalRows(query)).containsExactlyInAnyOrder("1, 1, 2026-01-01T03:00",
                "3, 3, 2026-01-01T02:30", "2, null, null", "null, 2, 2026-01-01T06:00", "null, 1, 2026-01-01T05:00");
    }

    @Test
    void aBoundOnOneSideOnlyStaysARegularJoin() {
        assertThat(tables.run("EXPLAIN SELECT p.id FROM placed p JOIN shipped s ON p.id = s.order_id "
                + "AND s.sts >= p.ts")).contains("Join(joinType=[InnerJoin]").doesNotContain("IntervalJoin");
    }
}
