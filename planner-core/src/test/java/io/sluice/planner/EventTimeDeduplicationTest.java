package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keep-first deduplication on event time ({@code ROW_NUMBER() OVER (PARTITION BY k ORDER BY rowtime ASC)
 * = 1}) over an insert-only input is insert-only, as in Flink: each key's earliest row waits for the
 * watermark and is emitted once; a row the watermark has passed is late and dropped. Keep-last
 * deduplication ({@code ORDER BY rowtime DESC}) updates as rows come, and among rows of one time the
 * last to arrive wins, as in Flink.
 */
class EventTimeDeduplicationTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment(Map.of("parallelism.default", "1"));

    private static String events(String rows) {
        return "CREATE TABLE ev (id INT, status STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '10' "
                + "MINUTE) WITH ('connector' = 'values', 'rows' = '" + rows + "')";
    }

    private static String firstPerId(String columns) {
        return "SELECT " + columns + " FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn "
                + "FROM ev) WHERE rn = 1";
    }

    @Test
    void theEarliestRowIsEmittedOnceWithoutCorrections() {
        tables.env.executeSql(events("+I[1, paid, 2024-01-01 10:05:00]\n+I[1, created, 2024-01-01 10:00:00]"));

        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + firstPerId("id, status")))
                .contains("Deduplicate(keep=[FirstRow], key=[id], order=[ROWTIME], changelogMode=[I])");
        assertThat(tables.run(firstPerId("id, status"))).isEqualTo("+I[1, created]\n");
    }

    /**
     * Row 2 moves the watermark to 10:20, which passes id 1's row (emitted then) and makes id 3's 10:05
     * late; id 2's earlier row still replaces its first one, which the watermark has not reached. Among
     * rows of one time the first to arrive stays.
     */
    @Test
    void lateRowsAreDroppedAndAWaitingRowGivesWayToAnEarlierOne() {
        tables.env.executeSql(events("""
                +I[1, a, 2024-01-01 10:00:00]
                +I[2, b, 2024-01-01 10:30:00]
                +I[3, late, 2024-01-01 10:05:00]
                +I[1, after, 2024-01-01 09:00:00]
                +I[2, earlier, 2024-01-01 10:25:00]
                +I[2, tie, 2024-01-01 10:25:00]"""));

        assertThat(tables.run(firstPerId("id, status"))).isEqualTo("""
                +I[1, a]
                +I[2, earlier]
                """);
    }

    /** The rank number, equal to 1 in every row, is a constant: selecting it changes nothing, as in Flink. */
    @Test
    void selectingTheRankNumberStillWaitsForTheWatermark() {
        tables.env.executeSql(events("+I[1, paid, 2024-01-01 10:05:00]\n+I[1, created, 2024-01-01 10:00:00]"));

        assertThat(tables.run(firstPerId("id, status, rn"))).isEqualTo("+I[1, created, 1]\n");
    }

    /**
     * Over an updating input the first row may be retracted: the Rank emits corrections then, as Flink's
     * does over an updating input, a row replaced by another as its delete and the other's insert.
     */
    @Test
    void anUpdatingInputKeepsAnUpdatingRank() {
        tables.env.executeSql("CREATE TABLE ev (id INT, status STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts, "
                + "PRIMARY KEY (status) NOT ENFORCED) WITH ('connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', "
                + "'rows' = '+I[1, paid, 2024-01-01 10:05:00]\n+I[1, created, 2024-01-01 10:00:00]\n"
                + "-D[1, created, 2024-01-01 10:00:00]')");

        assertThat(tables.run("EXPLAIN " + firstPerId("id, status"))).as("Flink's Deduplicate takes inserts only")
                .contains("Rank(rankType=[ROW_NUMBER]").doesNotContain("Deduplicate");
        assertThat(tables.run(firstPerId("id, status"))).isEqualTo("""
                +I[1, paid]
                -D[1, paid]
                +I[1, created]
                -D[1, created]
                +I[1, paid]
                """);
    }

    /** Each row not older than the kept one replaces it, an equal row too, and is emitted as an update. */
    @Test
    void keepingTheLastRowByRowtimeTheLaterOfTwoRowsOfOneTimeWins() {
        tables.env.executeSql(events("""
                +I[1, a, 2024-01-01 10:00:00]
                +I[1, b, 2024-01-01 10:00:00]
                +I[1, b, 2024-01-01 10:00:00]
                +I[1, older, 2024-01-01 09:00:00]"""));

        assertThat(tables.run("SELECT id, status FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts "
                + "DESC) AS rn FROM ev) WHERE rn = 1")).isEqualTo("""
                +I[1, a]
                -U[1, a]
                +U[1, b]
                -U[1, b]
                +U[1, b]
                """);
    }

    @Test
    void aWindowDeduplicationKeepingTheLastRowKeepsTheLaterOfTwoRowsOfOneTime() {
        tables.env.executeSql(events("+I[1, a, 2024-01-01 10:30:00]\n+I[1, b, 2024-01-01 10:30:00]\n"
                + "+I[1, c, 2024-01-01 10:10:00]"));

        assertThat(tables.run("SELECT id, status FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, "
                + "window_end, id ORDER BY ts DESC) AS rn FROM TABLE(TUMBLE(TABLE ev, DESCRIPTOR(ts), "
                + "INTERVAL '1' HOUR))) WHERE rn = 1")).isEqualTo("+I[1, b]\n");
    }
}
