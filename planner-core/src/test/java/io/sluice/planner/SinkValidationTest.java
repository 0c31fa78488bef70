package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sink checks of seed 000 §5 and seed 002, their messages, and the materializer they lead to. */
class SinkValidationTest {
    private static final String TIMED_WORDS = "CREATE TABLE timed_words (word STRING, ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts) WITH ('connector' = 'values', 'rows' = '+I[a, 2026-10-09 10:00:00]')";

    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void insertOnlySinkRejectsUpdatesNamingTheNode() {
        tables.env.executeSql("CREATE TABLE append_sink (word STRING, cnt BIGINT) WITH ('connector' = 'print', "
                + "'changelog-mode' = 'insert-only')");
        assertThatThrownBy(() -> tables.env.executeSql(
                "INSERT INTO append_sink SELECT word, COUNT(*) AS cnt FROM words GROUP BY word"))
                .isInstanceOf(SqlStatementException.class)
                .hasMessageContaining("Table sink 'default_catalog.default_database.append_sink' doesn't support "
                        + "consuming update changes which is produced by node GroupAggregate(groupBy=[word], "
                        + "select=[word, COUNT(*) AS cnt])");
    }

    @Test
    void keyRequiringSinkWithoutPrimaryKeyRejectsUpdates() {
        tables.env.executeSql("CREATE TABLE counts (word STRING, cnt BIGINT) WITH ('connector' = 'test-keyed', "
                + "'table-name' = 'counts')");
        assertThatThrownBy(() -> tables.env.executeSql(
                "INSERT INTO counts SELECT word, COUNT(*) FROM words GROUP BY word"))
                .hasMessage("please declare primary key for sink table when query contains update/delete record.");
    }

    @Test
    void keyRequiringSinkWithoutPrimaryKeyTakesInserts() {
        tables.env.executeSql("CREATE TABLE copies (word STRING) WITH ('connector' = 'test-keyed', "
                + "'table-name' = 'copies')");
        assertThat(tables.run("EXPLAIN INSERT INTO copies SELECT word FROM words")).startsWith("Sink(");
    }

    @Test
    void primaryKeyDifferentFromUpsertKeyNeedsOnConflict() {
        tables.env.executeSql("CREATE TABLE by_cnt (word STRING, cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        assertThatThrownBy(() -> tables.env.executeSql(
                "INSERT INTO by_cnt SELECT word, COUNT(*) AS cnt FROM words GROUP BY word"))
                .hasMessageContaining("The query has an upsert key that differs from the primary key of the sink "
                        + "table 'default_catalog.default_database.by_cnt'.\nPrimary key: [cnt], upsert key: [word].")
                .hasMessageContaining("ON CONFLICT DO DEDUPLICATE")
                .hasMessageContaining("ON CONFLICT DO ERROR")
                .hasMessageContaining("ON CONFLICT DO NOTHING");
    }

    @Test
    void onConflictMaterializesAndFallsBackToUpdateBefore() {
        tables.env.executeSql(TIMED_WORDS);
        tables.env.executeSql("CREATE TABLE by_cnt (word STRING, cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO by_cnt SELECT word, COUNT(*) AS cnt FROM timed_words "
                + "GROUP BY word ON CONFLICT DO ERROR")).startsWith("""
                Sink(table=[default_catalog.default_database.by_cnt], fields=[word, cnt], upsertMaterialize=[true], conflictStrategy=[ERROR], upsertKey=[word], changelogMode=[NONE])
                +- GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UB,UA])
                """);
    }

    @Test
    void onConflictDoNothingAndDoErrorNeedAWatermarkOnEverySource() {
        tables.env.executeSql(TIMED_WORDS);
        tables.env.executeSql("CREATE TABLE by_cnt (word STRING, cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        String query = "INSERT INTO by_cnt SELECT word, COUNT(*) AS cnt FROM (SELECT word FROM words UNION ALL "
                + "SELECT word FROM timed_words UNION ALL SELECT word FROM words) GROUP BY word ON CONFLICT DO ";
        for (String strategy : List.of("NOTHING", "ERROR")) {
            assertThatThrownBy(() -> tables.env.executeSql(query + strategy)).hasMessageContaining("ON CONFLICT DO "
                    + strategy + " requires all source tables to define watermarks, but the following source(s) do "
                    + "not: default_catalog.default_database.words. Please add a WATERMARK declaration to these "
                    + "tables.");
        }
        assertThat(tables.run("EXPLAIN " + query + "DEDUPLICATE")).contains("conflictStrategy=[DEDUPLICATE]");
    }

    @Test
    void onConflictNeedsAnUpsertSink() {
        tables.env.executeSql("CREATE TABLE appended (word STRING, cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) "
                + "WITH ('connector' = 'print', 'changelog-mode' = 'insert-only')");
        tables.env.executeSql("CREATE TABLE retracted (word STRING, cnt BIGINT) WITH ('connector' = 'print')");
        tables.env.executeSql("CREATE TABLE upserted (word STRING, cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        String appendOnly = "is not an upsert sink because it only accepts INSERT (append-only) changes.";
        assertThatThrownBy(() -> tables.env.executeSql("INSERT INTO appended SELECT word, 1 FROM words "
                + "ON CONFLICT DO DEDUPLICATE")).hasMessageContaining("ON CONFLICT clause is only allowed for upsert "
                + "sinks. The sink 'default_catalog.default_database.appended' " + appendOnly);
        assertThatThrownBy(() -> tables.env.executeSql("INSERT INTO retracted SELECT word, COUNT(*) FROM words "
                + "GROUP BY word ON CONFLICT DO DEDUPLICATE")).hasMessageContaining("The sink "
                + "'default_catalog.default_database.retracted' is not an upsert sink because it requires "
                + "UPDATE_BEFORE (retract mode).");
        // print takes what it is offered: with a primary key it is offered upserts, and is an upsert sink
        tables.env.executeSql("CREATE TABLE printed (word STRING, cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) "
                + "WITH ('connector' = 'print')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO printed SELECT word, COUNT(*) FROM words GROUP BY "
                + "word ON CONFLICT DO DEDUPLICATE")).startsWith("Sink(table=[default_catalog.default_database.printed], "
                + "fields=[word, cnt], upsertMaterialize=[true], conflictStrategy=[DEDUPLICATE]");
        // blackhole takes what comes, so an insert-only query makes it an append-only sink
        assertThatThrownBy(() -> tables.env.executeSql("INSERT INTO upserted SELECT word, 1 FROM words "
                + "ON CONFLICT DO DEDUPLICATE")).hasMessageContaining("The sink "
                + "'default_catalog.default_database.upserted' " + appendOnly);
    }

    @Test
    void insertsIntoAKeyedTableWithDoNothingKeepTheFirstRowOfEachKey() {
        tables.env.executeSql(TIMED_WORDS);
        tables.env.executeSql("CREATE TABLE first_words (word STRING, ts TIMESTAMP(3), PRIMARY KEY (word) NOT "
                + "ENFORCED) WITH ('connector' = 'test-keyed', 'table-name' = 'first_words')");
        assertThat(tables.run("EXPLAIN INSERT INTO first_words SELECT word, ts FROM timed_words ON CONFLICT DO "
                + "NOTHING")).startsWith("Sink(table=[default_catalog.default_database.first_words], fields=[word, "
                + "ts], upsertMaterialize=[true], conflictStrategy=[NOTHING]");
        assertThat(tables.run("EXPLAIN INSERT INTO first_words SELECT word, ts FROM timed_words ON CONFLICT DO "
                + "DEDUPLICATE")).startsWith("Sink(table=[default_catalog.default_database.first_words], fields=[word, "
                + "ts], conflictStrategy=[DEDUPLICATE])\n");
    }

    @Test
    void requireOnConflictOffMaterializesWithDeduplicate() {
        PlannerTestEnvironment lenient = new PlannerTestEnvironment(
                Map.of("table.exec.sink.require-on-conflict", "false"));
        lenient.env.executeSql("CREATE TABLE by_cnt (word STRING, cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        assertThat(lenient.run("EXPLAIN INSERT INTO by_cnt SELECT word, COUNT(*) AS cnt FROM words GROUP BY word"))
                .contains("upsertMaterialize=[true], conflictStrategy=[DEDUPLICATE]");
    }

    @Test
    void primaryKeyMatchingTheUpsertKeyTakesUpsertsWithoutMaterializer() {
        tables.env.executeSql("CREATE TABLE by_word (word STRING, cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO by_word SELECT word, COUNT(*) AS cnt FROM words "
                + "GROUP BY word")).startsWith("""
                Sink(table=[default_catalog.default_database.by_word], fields=[word, cnt], changelogMode=[NONE])
                +- GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UA])
                """);
    }

    @Test
    void primaryKeyHoldingTheUpsertKeyAndMoreAsksForUpdateBefore() {
        tables.env.executeSql("CREATE TABLE by_word_cnt (word STRING, cnt BIGINT, PRIMARY KEY (word, cnt) NOT ENFORCED)"
                + " WITH ('connector' = 'blackhole')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO by_word_cnt SELECT word, COUNT(*) AS cnt FROM words "
                + "GROUP BY word")).startsWith("""
                Sink(table=[default_catalog.default_database.by_word_cnt], fields=[word, cnt], changelogMode=[NONE])
                +- GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UB,UA])
                """);
    }

    @Test
    void filterAboveAnAggregateAsksForUpdateBeforeIntoAnUpsertSink() {
        tables.env.executeSql("CREATE TABLE by_word (word STRING, cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) "
                + "WITH ('connector' = 'print', 'changelog-mode' = 'upsert')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO by_word SELECT word, COUNT(*) AS cnt FROM words "
                + "GROUP BY word HAVING COUNT(*) >= 2")).startsWith("""
                Sink(table=[default_catalog.default_database.by_word], fields=[word, cnt], changelogMode=[NONE])
                +- Calc(select=[word, cnt], where=[(cnt >= 2)], changelogMode=[I,UB,UA])
                   +- GroupAggregate(groupBy=[word], select=[word, COUNT(*) AS cnt], changelogMode=[I,UB,UA])
                """);
    }

    @Test
    void aJoinOnAnotherColumnLosesTheKeyOfEachSide() {
        tables.env.executeSql("CREATE TABLE stores (store_id INT, city STRING, PRIMARY KEY (store_id) NOT ENFORCED) "
                + "WITH ('connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[10, Oslo]')");
        tables.env.executeSql("CREATE TABLE order_cities (order_id BIGINT, city STRING, PRIMARY KEY (order_id) NOT "
                + "ENFORCED) WITH ('connector' = 'blackhole')");
        // an order that moves to another store is retracted on one join subtask and added on another
        assertThatThrownBy(() -> tables.env.executeSql("INSERT INTO order_cities SELECT o.order_id, s.city FROM "
                + "orders AS o JOIN stores AS s ON o.storeId = s.store_id"))
                .hasMessageContaining("Primary key: [order_id], upsert key: .");
        assertThat(tables.run("EXPLAIN INSERT INTO order_cities SELECT o.order_id, s.city FROM orders AS o JOIN "
                + "stores AS s ON o.storeId = s.store_id ON CONFLICT DO DEDUPLICATE"))
                .contains("upsertMaterialize=[true], conflictStrategy=[DEDUPLICATE]");
    }

    @Test
    void aSourcesUpdateBeforeThatNoConsumerNeedsIsDroppedRightAboveIt() {
        tables.env.executeSql("CREATE TABLE order_copy (order_id BIGINT, amount DECIMAL(12, 4), PRIMARY KEY (order_id) "
                + "NOT ENFORCED) WITH ('connector' = 'blackhole')");
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO order_copy SELECT order_id, amount FROM orders"))
                .isEqualTo("""
                Sink(table=[default_catalog.default_database.order_copy], fields=[order_id, amount], changelogMode=[NONE])
                +- DropUpdateBefore(changelogMode=[I,UA,D])
                   +- TableSourceScan(table=[[default_catalog, default_database, orders]], fields=[order_id, amount], changelogMode=[I,UB,UA,D])
                """);
        // a filter needs the -U, so nothing is dropped
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE INSERT INTO order_copy SELECT order_id, amount FROM orders "
                + "WHERE amount > 10")).doesNotContain("DropUpdateBefore");
    }
}
