package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * ROW_NUMBER() ordered by a PROCTIME() column ranks rows by their arrival, as Flink's processing-time
 * deduplication does: rows read within one millisecond share a processing time, but never tie.
 */
class ProcessingTimeDeduplicationTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    ProcessingTimeDeduplicationTest() {
        tables.env.executeSql("CREATE TABLE clicks (user_id INT, page STRING, pt AS PROCTIME()) WITH ("
                + "'connector' = 'values', 'rows' = '+I[1, home]\n+I[2, home]\n+I[1, cart]\n+I[1, pay]\n+I[2, pay]')");
    }

    @Test
    void keepLastRowIsTheLastToArrive() {
        assertThat(tables.finalRows("SELECT user_id, page FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id "
                + "ORDER BY pt DESC) AS rn FROM clicks) WHERE rn = 1")).containsExactlyInAnyOrder("1, pay", "2, pay");
    }

    @Test
    void keepLastRowReplacesTheKeptRowWithEveryArrivalAlsoAnEqualOne() {
        tables.env.executeSql("CREATE TABLE repeated (user_id INT, page STRING, pt AS PROCTIME()) WITH ("
                + "'connector' = 'values', 'rows' = '+I[1, home]\n+I[1, home]\n+I[1, cart]')");

        assertThat(tables.run("SELECT user_id, page FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id "
                + "ORDER BY pt DESC) AS rn FROM repeated) WHERE rn = 1")).as("whether two rows share a millisecond "
                + "must not change the changes sent").isEqualTo("""
                +I[1, home]
                -U[1, home]
                +U[1, home]
                -U[1, home]
                +U[1, cart]
                """);
    }

    @Test
    void keepFirstRowIsTheFirstToArriveAndInsertOnly() {
        String query = "SELECT user_id, page FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id "
                + "ORDER BY pt ASC) AS rn FROM clicks) WHERE rn = 1";

        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query))
                .contains("Deduplicate(keep=[FirstRow], key=[user_id], order=[PROCTIME], changelogMode=[I])")
                .doesNotContain("UA");
        assertThat(tables.run(query)).isEqualTo("""
                +I[1, home]
                +I[2, home]
                """);
    }
}
