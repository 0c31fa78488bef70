package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** EXPLAIN output of the conformance queries and of each node type, as golden text. */
class ExplainGoldenTest {
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
                +- Join(joinType=[LeftOuterJoin], where=[(pmSign = word)], select=[order_id, pmSign, amount, word], changelogMode=[I,UB,UA,D])
                   :- Exchange(distribution=[hash[pmSign]], changelogMode=[I,UB,UA,D])
                   :  +- Calc(select=[order_id, pmSign, amount], where=[(amount > 10.0000)], changelogMode=[I,UB,UA,D])
                   :     +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[order_id, pmSign, amount], changelogMode=[I,UB,UA,D])
                   +- Exchange(distribution=[hash[word]], changelogMode=[I])
                      +- TableSourceScan(table=[[default_catalog, default_database, words]], fields=[word], changelogMode=[I])
                """);
    }

    @Test
    void topNIsARankOnThePartitionKeys() {
        assertThat(tables.run("EXPLAIN SELECT order_id, amount FROM (SELECT order_id, amount, ROW_NUMBER() OVER "
                + "(PARTITION BY storeId ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3")).isEqualTo("""
                Calc(select=[order_id, amount])
                +- Rank(rankType=[ROW_NUMBER], rankRange=[rankStart=1, rankEnd=3], partitionBy=[storeId], orderBy=[amount DESC], select=[order_id, storeId, tradeDate, pmSign, amount])
                   +- Exchange(distribution=[hash[storeId]])
                      +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[order_id, storeId, tradeDate, pmSign, amount])
                """);
    }

    @Test
    void statementSetReadsASharedSourceOnce() {
        String plan = tables.run("EXPLAIN EXECUTE STATEMENT SET BEGIN INSERT INTO bh SELECT word, 1 FROM words; "
                + "INSERT INTO bh SELECT word, 2 FROM words; END");
        assertThat(plan.split("\n\n")).hasSize(2);
        assertThat(plan).contains("Calc(select=[word, 1 AS cnt])", "Calc(select=[word, 2 AS cnt])");
    }
}
