package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An upsert table's changes are normalized on the fields the query reads (and the key), as in Flink:
 * an update that changes only other columns is no change at all.
 */
class ChangelogNormalizeTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment(Map.of("parallelism.default", "1"));

    ChangelogNormalizeTest() {
        tables.env.executeSql("CREATE TABLE u (k STRING, v INT, note STRING, PRIMARY KEY (k) NOT ENFORCED) WITH ("
                + "'connector' = 'values', 'changelog-mode' = 'I,UA,D', 'rows' = '+I[a, 1, x]\n+U[a, 1, y]\n"
                + "+U[a, 2, y]\n-D[a, 2, y]')");
    }

    @Test
    void anUpdateOfAColumnTheQueryDoesNotReadIsNoChange() {
        String query = "SELECT v, COUNT(*) AS c FROM u GROUP BY v";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("""
                      +- ChangelogNormalize(key=[k], changelogMode=[I,UB,UA,D])
                         +- Exchange(distribution=[hash[k]], changelogMode=[I,UA,D])
                            +- Calc(select=[k, v], changelogMode=[I,UA,D])
                """);
        assertThat(tables.run(query)).isEqualTo("""
                +I[1, 1]
                -D[1, 1]
                +I[2, 1]
                -D[2, 1]
                """);
    }

    @Test
    void aQueryReadingTheChangedColumnsSeesEachUpdate() {
        assertThat(tables.run("SELECT note, SUM(v) AS total FROM u GROUP BY note")).isEqualTo("""
                +I[x, 1]
                -D[x, 1]
                +I[y, 1]
                -D[y, 1]
                +I[y, 2]
                -D[y, 2]
                """);
    }
}
