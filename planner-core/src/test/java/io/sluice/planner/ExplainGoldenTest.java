package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** EXPLAIN output of the conformance queries and of each node type, as golden text. */
class ExplainGoldenTest {
    private static final String CUSTOMERS = "CREATE TABLE customers (id INT, name STRING, city STRING) WITH ("
            + "'connector' = 'values', 'rows' = '+I[10, ann, rome]')";
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void bareSelectAvoidsUpdateBefore() {
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT word, COUNT(*) AS cnt FROM words GROUP BY word"))
                .isEqualTo("""
                GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UA])
                +- Exchange(distribution=[hash[word]], changelogMode=[I])
                   +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }

    @Test
    void nestedAggregateRetractsAndForcesUpdateBeforeBelowIt() {
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO bh SELECT CAST(cnt AS STRING), COUNT(*) FROM "
                + "(SELECT word, COUNT(*) AS cnt FROM words GROUP BY word) GROUP BY cnt")).isEqualTo("""
                Sink(table=[default_catalog.default_database.bh], fields=[word, cnt], changelogMode=[NONE])
                +- Calc(select=[CAST(cnt AS STRING) AS EXPR$0, EXPR$1], changelogMode=[I,UA,D])
                   +- GroupAggregate(groupBy=[cnt], select=[cnt, COUNT_RETRACT(*) AS EXPR$1], changelogMode=[I,UA,D])
                      +- Exchange(distribution=[hash[cnt]], changelogMode=[I,UB,UA])
                         +- Calc(select=[cnt], changelogMode=[I,UB,UA])
                            +- GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UB,UA])
                               +- Exchange(distribution=[hash[word]], changelogMode=[I])
                                  +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }

    @Test
    void printSinkKeepsUpdateBeforeBlackholeDropsIt() {
        tables.env.executeSql("CREATE TABLE print_sink (word STRING, cnt BIGINT) WITH ('connector' = 'print')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO print_sink SELECT word, COUNT(*) FROM words "
                + "GROUP BY word")).contains("GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS EXPR$1], "
                + "changelogMode=[I,UB,UA])");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO bh SELECT word, COUNT(*) FROM words GROUP BY word"))
                .contains("changelogMode=[I,UA])");
    }

    @Test
    void miniBatchSplitsMergeableAggregatesIntoTwoPhases() {
        PlannerTestEnvironment miniBatch = new PlannerTestEnvironment(Map.of("table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "1000"));
        assertThat(miniBatch.run("EXPLAIN SELECT word, COUNT(*) AS cnt FROM words GROUP BY word")).isEqualTo("""
                GlobalGroupAggregate(groupBy=[word], select=[word, COUNT(count1$0) AS cnt])
                +- Exchange(distribution=[hash[word]])
                   +- LocalGroupAggregate(groupBy=[word], select=[word, COUNT(*) AS count1$0])
                      +- MiniBatchAssigner(interval=[1000ms], mode=[ProcTime])
                         +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word])
                """);
    }

    @Test
    void onePhaseStrategyKeepsOneAggregateWithMiniBatch() {
        PlannerTestEnvironment miniBatch = new PlannerTestEnvironment(Map.of("table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "1000",
                "table.optimizer.agg-phase-strategy", "ONE_PHASE"));
        assertThat(miniBatch.run("EXPLAIN SELECT word, COUNT(*) AS cnt FROM words GROUP BY word"))
                .startsWith("GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt])\n");
    }

    @Test
    void retractSourceFilterAndOuterJoin() {
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT o.order_id, w.word FROM orders o LEFT JOIN words w "
                + "ON o.pmSign = w.word WHERE o.amount > 10")).isEqualTo("""
                Calc(select=[order_id, word], changelogMode=[I,UB,UA,D])
                +- Join(joinType=[LeftOuterJoin], where=[(pmSign = word)], select=[order_id, pmSign, word], changelogMode=[I,UB,UA,D])
                   :- Exchange(distribution=[hash[pmSign]], changelogMode=[I,UB,UA,D])
                   :  +- Calc(select=[order_id, pmSign], where=[(amount > 10)], changelogMode=[I,UB,UA,D])
                   :     +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[order_id, pmSign, amount], changelogMode=[I,UB,UA,D])
                   +- Exchange(distribution=[hash[word]], changelogMode=[I])
                      +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }

    @Test
    void topNIsARankOnThePartitionKeysReadingOnlyUsedFields() {
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT order_id, amount FROM (SELECT order_id, amount, "
                + "ROW_NUMBER() OVER (PARTITION BY storeId ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3"))
                .isEqualTo("""
                Calc(select=[order_id, amount], changelogMode=[I,UA,D])
                +- Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[storeId], orderBy=[amount DESC], select=[order_id, storeId, amount], changelogMode=[I,UA,D])
                   +- Exchange(distribution=[hash[storeId]], changelogMode=[I,UB,UA,D])
                      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[order_id, storeId, amount], changelogMode=[I,UB,UA,D])
                """);
    }

    @Test
    void deduplicationKeepsTheFirstRowPerKey() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT id, name FROM (SELECT *, ROW_NUMBER() OVER "
                + "(PARTITION BY city ORDER BY id ASC) AS rn FROM customers) WHERE rn = 1")).isEqualTo("""
                Calc(select=[id, name], changelogMode=[I,UA,D])
                +- Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=1], partitionBy=[city], orderBy=[id ASC], select=[id, name, city], changelogMode=[I,UA,D])
                   +- Exchange(distribution=[hash[city]], changelogMode=[I])
                      +- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[id, name, city], changelogMode=[I])
                """);
    }

    @Test
    void innerJoinOfAppendAndRetractInputsReadsOnlyUsedFields() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT o.order_id, c.name FROM orders o JOIN customers c "
                + "ON o.storeId = c.id")).isEqualTo("""
                Calc(select=[order_id, name], changelogMode=[I,UB,UA,D])
                +- Join(joinType=[InnerJoin], where=[(storeId = id)], select=[order_id, storeId, id, name], changelogMode=[I,UB,UA,D])
                   :- Exchange(distribution=[hash[storeId]], changelogMode=[I,UB,UA,D])
                   :  +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[order_id, storeId], changelogMode=[I,UB,UA,D])
                   +- Exchange(distribution=[hash[id]], changelogMode=[I])
                      +- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[id, name], changelogMode=[I])
                """);
    }

    @Test
    void leftOuterJoinOfAppendInputsRetracts() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT c.name, w.word FROM customers c LEFT JOIN words w "
                + "ON c.city = w.word WHERE c.id > 1")).isEqualTo("""
                Calc(select=[name, word], changelogMode=[I,UB,UA,D])
                +- Join(joinType=[LeftOuterJoin], where=[(city = word)], select=[name, city, word], changelogMode=[I,UB,UA,D])
                   :- Exchange(distribution=[hash[city]], changelogMode=[I])
                   :  +- Calc(select=[name, city], where=[(id > 1)], changelogMode=[I])
                   :     +- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[id, name, city], changelogMode=[I])
                   +- Exchange(distribution=[hash[word]], changelogMode=[I])
                      +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }

    @Test
    void unionAllOfTwoTables() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT name FROM customers UNION ALL SELECT word FROM words"))
                .isEqualTo("""
                Union(all=[true], union=[name], changelogMode=[I])
                :- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[name], changelogMode=[I])
                +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }

    @Test
    void distinctIsAGroupAggregateWithoutCalls() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT DISTINCT city FROM customers")).isEqualTo("""
                GroupAggregate(groupBy=[city], select=[city], changelogMode=[I,UA])
                +- Exchange(distribution=[hash[city]], changelogMode=[I])
                   +- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[city], changelogMode=[I])
                """);
    }

    @Test
    void havingFiltersUpdatesSoTheAggregateEmitsUpdateBefore() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT city, COUNT(*) AS n FROM customers GROUP BY city "
                + "HAVING COUNT(*) > 1")).isEqualTo("""
                Calc(select=[city, n], where=[(n > 1)], changelogMode=[I,UB,UA])
                +- GroupAggregate(groupBy=[city], select=[city, COUNT(*) AS n], changelogMode=[I,UB,UA])
                   +- Exchange(distribution=[hash[city]], changelogMode=[I])
                      +- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[city], changelogMode=[I])
                """);
    }

    @Test
    void countDistinct() {
        tables.env.executeSql(CUSTOMERS);
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE SELECT city, COUNT(DISTINCT name) AS names FROM customers "
                + "GROUP BY city")).isEqualTo("""
                GroupAggregate(groupBy=[city], select=[city, COUNT(DISTINCT name) AS names], changelogMode=[I,UA])
                +- Exchange(distribution=[hash[city]], changelogMode=[I])
                   +- TableSourceScan(table=[[default_catalog, default_database, customers]], fields=[name, city], changelogMode=[I])
                """);
    }

    @Test
    void statementSetReadsASharedSourceOnce() {
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE EXECUTE STATEMENT SET BEGIN INSERT INTO bh SELECT word, 1 "
                + "FROM words; INSERT INTO bh SELECT word, COUNT(*) FROM words GROUP BY word; END")).isEqualTo("""
                TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])(reuse_id=[1])

                Sink(table=[default_catalog.default_database.bh], fields=[word, cnt], changelogMode=[NONE])
                +- Calc(select=[word, 1 AS cnt], changelogMode=[I])
                   +- Reused(reference_id=[1])

                Sink(table=[default_catalog.default_database.bh], fields=[word, cnt], changelogMode=[NONE])
                +- GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS EXPR$1], changelogMode=[I,UA])
                   +- Exchange(distribution=[hash[word]], changelogMode=[I])
                      +- Reused(reference_id=[1])
                """);
    }
}
