package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Lookup joins (FOR SYSTEM_TIME AS OF a processing time) against a values table: plans, results, errors. */
class LookupJoinTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    LookupJoinTest() {
        tables.env.executeSql("CREATE TABLE clicks (k STRING, x INT, ts TIMESTAMP(3), pt AS PROCTIME(), "
                + "WATERMARK FOR ts AS ts) WITH ('connector' = 'values', 'rows' = '"
                + "+I[a, 1, 2026-01-01T00:00:00]\n+I[b, 2, 2026-01-01T00:00:01]\n+I[c, 3, 2026-01-01T00:00:02]\n"
                + "+I[null, 4, 2026-01-01T00:00:03]\n+I[a, 5, 2026-01-01T00:00:04]')");
        // the table as its changelog leaves it: a -> A2 and a second row AA, b deleted, c -> C
        tables.env.executeSql("CREATE TABLE names (k STRING, name STRING, tier INT) WITH ('connector' = 'values', "
                + "'rows' = '+I[a, A, 1]\n+I[b, B, 2]\n-D[a, A, 1]\n+I[a, A2, 1]\n+I[a, AA, 9]\n-D[b, B, 2]\n+I[c, C, 3]')");
    }

    @Test
    void eachRowFindsTheRowsOfItsKeyAndTheRestOfTheConditionFiltersThem() {
        String query = "SELECT c.k, c.x, n.name FROM clicks AS c JOIN names FOR SYSTEM_TIME AS OF c.pt AS n "
                + "ON c.k = n.k AND n.tier < c.x + 5";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).isEqualTo("""
                Calc(select=[k, x, name], changelogMode=[I])
                +- LookupJoin(table=[default_catalog.default_database.names], joinType=[InnerJoin], lookup=[k=k], where=[(tier < (x + 5))], select=[k, x, ts, pt, k0, name, tier], changelogMode=[I])
                   +- WatermarkAssigner(rowtime=[ts], watermark=[ts], changelogMode=[I])
                      +- Calc(select=[k, x, ts, PROCTIME() AS pt], changelogMode=[I])
                         +- TableSourceScan(table=[[default_catalog, default_database, clicks]], fields=[k, x, ts], changelogMode=[I])
                """);
        assertThat(tables.run(query)).isEqualTo("""
                +I[a, 1, A2]
                +I[c, 3, C]
                +I[a, 5, A2]
                +I[a, 5, AA]
                """);
    }

    @Test
    void aLeftLookupJoinKeepsRowsWithoutMatchWithNulls() {
        assertThat(tables.run("SELECT c.x, n.name FROM clicks AS c LEFT JOIN names FOR SYSTEM_TIME AS OF c.pt AS n "
                + "ON c.k = n.k AND n.tier = 1")).isEqualTo("""
                +I[1, A2]
                +I[2, null]
                +I[3, null]
                +I[4, null]
                +I[5, A2]
                """);
    }

    @Test
    void aKeyComputedFromTheStreamsFieldsIsLookedUp() {
        String query = "SELECT c.x, n.name FROM clicks AS c JOIN names FOR SYSTEM_TIME AS OF c.pt AS n "
                + "ON c.x - 2 = n.tier";
        assertThat(tables.run("EXPLAIN " + query)).contains("lookup=[tier=$key4]")
                .contains("Calc(select=[k, x, ts, pt, (x - 2) AS $key4])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[3, A2]
                +I[5, C]
                """);
    }

    @Test
    void onlyProcessingTimeLookupsWithAKeyEqualityOnATableThatServesLookups() {
        tables.env.executeSql("CREATE TABLE visits (k STRING, t TIMESTAMP(3)) WITH ('connector' = 'values', "
                + "'rows' = '+I[a, 2026-01-01T00:00:00]')");
        assertThatThrownBy(() -> tables.run("SELECT v.k FROM visits AS v JOIN names FOR SYSTEM_TIME AS OF v.t AS n "
                + "ON v.k = n.k")).hasMessageContaining("FOR SYSTEM_TIME AS OF on table "
                + "'default_catalog.default_database.names' must name a PROCTIME() column of the joined stream (a "
                + "lookup join, as in FOR SYSTEM_TIME AS OF s.proc_time) or its rowtime");
        assertThatThrownBy(() -> tables.run("SELECT c.x FROM clicks AS c JOIN names FOR SYSTEM_TIME AS OF c.pt AS n "
                + "ON c.x > n.tier")).hasMessageContaining("needs an equality between a column of the table and a "
                + "field of the stream");
        tables.env.executeSql("CREATE TABLE generated (k STRING) WITH ('connector' = 'datagen')");
        assertThatThrownBy(() -> tables.run("SELECT c.x FROM clicks AS c JOIN generated FOR SYSTEM_TIME AS OF c.pt "
                + "AS g ON c.k = g.k")).hasMessageContaining("Connector 'datagen' of table "
                + "'default_catalog.default_database.generated' cannot be used for a lookup join");
    }

    @Test
    void anUpdatingStreamIsRefused() {
        tables.env.executeSql("CREATE TABLE changing (k STRING, pt AS PROCTIME(), PRIMARY KEY (k) NOT ENFORCED) WITH "
                + "('connector' = 'values', 'changelog-mode' = 'I,UA,D', 'rows' = '+I[a]')");
        assertThatThrownBy(() -> tables.run("SELECT n.name FROM changing AS c JOIN names FOR SYSTEM_TIME AS OF c.pt "
                + "AS n ON c.k = n.k")).hasMessageContaining("LookupJoin doesn't support consuming update");
    }
}
