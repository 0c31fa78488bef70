package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Joins and ranks that read only some fields of their inputs still compute the right rows. */
class JoinAndRankResultsTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    JoinAndRankResultsTest() {
        tables.env.executeSql("CREATE TABLE purchases (id INT, cid INT, amount INT, note STRING) WITH ("
                + "'connector' = 'values', 'rows' = '+I[1, 10, 5, x]\n+I[2, 20, 7, y]\n+I[3, 10, 1, z]\n+I[4, 30, 2, w]')");
        tables.env.executeSql("CREATE TABLE customers (id INT, name STRING, city STRING) WITH ("
                + "'connector' = 'values', 'rows' = '+I[10, ann, rome]\n+I[20, bob, oslo]')");
    }

    @Test
    void innerJoin() {
        assertThat(tables.finalRows("SELECT p.id, c.name FROM purchases p JOIN customers c ON p.cid = c.id"))
                .containsExactlyInAnyOrder("1, ann", "2, bob", "3, ann");
    }

    @Test
    void leftOuterJoinWithFilterOnAFieldNotSelected() {
        assertThat(tables.finalRows("SELECT p.id, c.name FROM purchases p LEFT JOIN customers c "
                + "ON p.cid = c.id WHERE p.amount > 1")).containsExactlyInAnyOrder("1, ann", "2, bob", "4, null");
    }

    @Test
    void topNKeepsTheLargestPerPartition() {
        assertThat(tables.finalRows("SELECT cid, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY cid "
                + "ORDER BY amount DESC) AS rn FROM purchases) WHERE rn <= 1 AND note <> 'w'"))
                .containsExactlyInAnyOrder("10, 1", "20, 2");
    }

    @Test
    void topNWithRankNumber() {
        assertThat(tables.finalRows("SELECT rn, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY cid "
                + "ORDER BY amount ASC) AS rn FROM purchases) WHERE rn <= 2"))
                .containsExactlyInAnyOrder("1, 3", "2, 1", "1, 2", "1, 4");
    }
}
