package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Event-time temporal joins: each order joins the rate its currency had at the order's time. */
class TemporalJoinTest {
    private static final String ORDERS = "CREATE TABLE purchases (id INT, currency STRING, amount INT, ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'values', 'rows' = '"
            + "+I[1, USD, 10, 2026-01-01T00:00:05]\n+I[2, EUR, 10, 2026-01-01T00:00:11]\n"
            + "+I[3, USD, 20, 2026-01-01T00:00:12]\n+I[4, CHF, 10, 2026-01-01T00:00:20]\n"
            + "+I[5, USD, 30, 2026-01-01T00:00:40]\n+I[6, EUR, 10, 2026-01-01T00:00:41]')";
    private static final String RATES = "CREATE TABLE rates (currency STRING, rate INT, updated TIMESTAMP(3), "
            + "PRIMARY KEY (currency) NOT ENFORCED, WATERMARK FOR updated AS updated) WITH ('connector' = 'values', "
            + "'changelog-mode' = 'I,UB,UA,D', 'rows' = '"
            + "+I[USD, 100, 2026-01-01T00:00:00]\n+I[EUR, 200, 2026-01-01T00:00:00]\n"
            + "-U[USD, 100, 2026-01-01T00:00:00]\n+U[USD, 110, 2026-01-01T00:00:10]\n"
            + "-D[EUR, 200, 2026-01-01T00:00:30]\n-U[USD, 110, 2026-01-01T00:00:10]\n"
            + "+U[USD, 120, 2026-01-01T00:00:35]\n+I[GBP, 1, 2026-01-01T00:01:00]')";
    private static final String QUERY = "SELECT o.id, o.amount * r.rate AS converted, r.updated FROM purchases AS o "
            + "%s JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r ON o.currency = r.currency";

    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    TemporalJoinTest() {
        tables.env.executeSql(ORDERS);
        tables.env.executeSql(RATES);
    }

    @Test
    void eachRowJoinsTheVersionValidAtItsTime() {
        String query = QUERY.formatted("");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains(
                "TemporalJoin(joinType=[InnerJoin], where=[(currency = currency0) AND __TEMPORAL_JOIN_CONDITION(ts, "
                        + "updated, __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY(currency0))], select=[id, currency, amount, "
                        + "ts, currency0, rate, updated], changelogMode=[I])",
                "Exchange(distribution=[hash[currency]], changelogMode=[I,UA,D])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[1, 1000, 2026-01-01T00:00]
                +I[2, 2000, 2026-01-01T00:00]
                +I[3, 2200, 2026-01-01T00:00:10]
                +I[5, 3600, 2026-01-01T00:00:35]
                """);
    }

    @Test
    void aLeftJoinKeepsRowsWithoutAVersionAndAConditionFiltersVersions() {
        assertThat(tables.run(QUERY.formatted("LEFT"))).isEqualTo("""
                +I[1, 1000, 2026-01-01T00:00]
                +I[2, 2000, 2026-01-01T00:00]
                +I[3, 2200, 2026-01-01T00:00:10]
                +I[4, null, null]
                +I[5, 3600, 2026-01-01T00:00:35]
                +I[6, null, null]
                """);
        assertThat(tables.run(QUERY.formatted("") + " AND r.rate > 105")).isEqualTo("""
                +I[2, 2000, 2026-01-01T00:00]
                +I[3, 2200, 2026-01-01T00:00:10]
                +I[5, 3600, 2026-01-01T00:00:35]
                """);
    }

    /**
     * An upsert versioned table's changes are versions from their own times: the update at 0:10 and the
     * delete at 0:30 end the versions before them then, not when those began.
     */
    @Test
    void anUpsertVersionedTableEndsEachVersionAtTheChangeThatEndsIt() {
        tables.env.executeSql("CREATE TABLE upsert_rates (currency STRING, rate INT, updated TIMESTAMP(3), "
                + "PRIMARY KEY (currency) NOT ENFORCED, WATERMARK FOR updated AS updated) WITH ('connector' = "
                + "'values', 'changelog-mode' = 'I,UA,D', 'rows' = '"
                + "+I[USD, 100, 2026-01-01T00:00:00]\n+I[EUR, 200, 2026-01-01T00:00:00]\n"
                + "+U[USD, 110, 2026-01-01T00:00:10]\n-D[EUR, 200, 2026-01-01T00:00:30]\n"
                + "+U[USD, 120, 2026-01-01T00:00:35]\n+I[GBP, 1, 2026-01-01T00:01:00]')");
        String query = QUERY.replace("rates", "upsert_rates").formatted("LEFT");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).doesNotContain("ChangelogNormalize")
                .contains("TableSourceScan(table=[[default_catalog, default_database, upsert_rates]], fields=[currency, "
                        + "rate, updated], changelogMode=[I,UA,D])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[1, 1000, 2026-01-01T00:00]
                +I[2, 2000, 2026-01-01T00:00]
                +I[3, 2200, 2026-01-01T00:00:10]
                +I[4, null, null]
                +I[5, 3600, 2026-01-01T00:00:35]
                +I[6, null, null]
                """);
    }

    @Test
    void theVersionedTableNeedsAPrimaryKeyAndAWatermarkAndTheJoinItsWholeKey() {
        tables.env.executeSql("CREATE TABLE nokey (currency STRING, rate INT, updated TIMESTAMP(3), "
                + "WATERMARK FOR updated AS updated) WITH ('connector' = 'values')");
        tables.env.executeSql("CREATE TABLE nowatermark (currency STRING, rate INT, updated TIMESTAMP(3), "
                + "PRIMARY KEY (currency) NOT ENFORCED) WITH ('connector' = 'values', 'rows' = '+I[USD, 1, 2026-01-01T00:00:00]')");
        assertThatThrownBy(() -> tables.run(QUERY.replace("rates", "nokey").formatted("")))
                .hasMessageContaining("The event-time temporal join on table 'default_catalog.default_database.nokey' "
                        + "needs a PRIMARY KEY on it");
        assertThatThrownBy(() -> tables.run(QUERY.replace("rates", "nowatermark").formatted("")))
                .hasMessageContaining("needs a WATERMARK on it");
        assertThatThrownBy(() -> tables.run("SELECT o.id FROM purchases AS o JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r "
                + "ON o.amount = r.rate"))
                .hasMessageContaining("must join on its whole primary key (currency)");
    }
}
