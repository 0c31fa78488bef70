package io.sluice.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Planning {@code sluice-jdbc} tables in Flink: the options and errors of Sluice's {@code jdbc}
 * connector, and its changelog contract. Nothing connects: planning needs no database.
 */
class SluiceJdbcTableFactoryTest {
    private static final String WITH = "'connector' = 'sluice-jdbc', 'url' = 'jdbc:postgresql://127.0.0.1:1/none', "
            + "'table-name' = 'counts'";
    private static TableEnvironment flink;

    @BeforeAll
    static void words() {
        flink = FlinkJobs.tableEnvironment();
        flink.executeSql("CREATE TEMPORARY VIEW words AS SELECT word FROM (VALUES ('a'), ('b')) AS t(word)");
    }

    @Test
    void withAPrimaryKeyTheSinkTakesUpsertsWithoutUpdateBefore() {
        flink.executeSql("CREATE TEMPORARY TABLE keyed (word STRING, cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) "
                + "WITH (" + WITH + ")");

        String plan = flink.explainSql("INSERT INTO keyed SELECT word, COUNT(*) FROM words GROUP BY word",
                org.apache.flink.table.api.ExplainDetail.CHANGELOG_MODE);

        assertThat(plan).contains("Sink(table=[default_catalog.default_database.keyed]")
                .containsPattern("Sink\\(table=\\[default_catalog.default_database.keyed\\].*changelogMode=\\[NONE\\]")
                .contains("GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS EXPR$1], changelogMode=[I,UA])");
    }

    @Test
    void withoutAPrimaryKeyUpdatesFailWithTheMessageOfSluicesPlanner() {
        flink.executeSql("CREATE TEMPORARY TABLE keyless (word STRING, cnt BIGINT) WITH (" + WITH + ")");

        assertThatThrownBy(() -> flink.explainSql("INSERT INTO keyless SELECT word, COUNT(*) FROM words GROUP BY word"))
                .hasStackTraceContaining("please declare primary key for sink table when query contains "
                        + "update/delete record.");
    }

    @Test
    void optionsAreCheckedWithTheJdbcConnectorsRulesAndMessages() {
        flink.executeSql("CREATE TEMPORARY TABLE negative (word STRING) WITH (" + WITH
                + ", 'sink.buffer-flush.max-rows' = '-1')");
        flink.executeSql("CREATE TEMPORARY TABLE misspelt (word STRING) WITH (" + WITH + ", 'sink.flush-rows' = '5')");

        assertThatThrownBy(() -> flink.explainSql("INSERT INTO negative SELECT word FROM words"))
                .hasStackTraceContaining("Table 'default_catalog.default_database.negative': option "
                        + "'sink.buffer-flush.max-rows' = '-1' must be at least 0");
        assertThatThrownBy(() -> flink.explainSql("INSERT INTO misspelt SELECT word FROM words"))
                .hasStackTraceContaining("Table 'default_catalog.default_database.misspelt' has unknown option "
                        + "'sink.flush-rows'");
    }

    @Test
    void exactlyOnceCommitsThroughFlinksCommitterAfterAStepThatStampsCheckpointIds() {
        flink.executeSql("CREATE TEMPORARY TABLE exact (word STRING) WITH (" + WITH
                + ", 'sink.delivery-guarantee' = 'exactly-once')");

        String plan = flink.explainSql("INSERT INTO exact SELECT word FROM words",
                org.apache.flink.table.api.ExplainDetail.JSON_EXECUTION_PLAN);

        assertThat(plan).contains("sluice-jdbc checkpoint ids").contains("Committer");
    }

    @Test
    void exactlyOnceWithoutTransactionsFailsWithTheJdbcConnectorsMessage() {
        flink.executeSql("CREATE TEMPORARY TABLE loose (word STRING) WITH (" + WITH
                + ", 'sink.delivery-guarantee' = 'exactly-once', 'sink.flush.transactional' = 'false')");

        assertThatThrownBy(() -> flink.explainSql("INSERT INTO loose SELECT word FROM words"))
                .hasStackTraceContaining("Table 'default_catalog.default_database.loose': option "
                        + "'sink.flush.transactional' = 'false' cannot be combined with 'sink.delivery-guarantee' = "
                        + "'exactly-once'");
    }
}
