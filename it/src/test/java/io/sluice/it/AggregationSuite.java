package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.DATE;
import static io.sluice.api.types.TypeRoot.DECIMAL;
import static io.sluice.api.types.TypeRoot.INT;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.it.OrderChanges.GroupTotal;
import io.sluice.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Stream aggregates written into tables: the final table equals the model's answer. */
abstract class AggregationSuite extends DatabaseSuite {
    private static final int ORDER_CHANGES = 100_000;

    AggregationSuite(TestDatabase database) {
        super(database);
    }

    @Test
    void wordCountEndsWithOneRowPerWord() throws Exception {
        WordChanges words = WordChanges.insertsOnly(11, 20_000, 500);
        Path input = writeLines("words.txt", words.lines());
        String table = sink.newTableName("word_counts");

        runScript("""
                CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE word_counts (word VARCHAR(64), cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED)
                  WITH (%s);
                INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word;
                """.formatted(input, sink.jdbcOptions(table))).assertSucceeded();

        assertThat(sink.read(table, "word, cnt", VARCHAR, BIGINT)).containsExactlyElementsOf(words.expectedCounts());
    }

    /** Seed 003 at scale: orders change category, amount, are deleted and come back; nothing stale stays. */
    @Test
    void ordersAggregatedByStoreDayAndCategoryFromAChangelog() throws Exception {
        OrderChanges orders = OrderChanges.generate(3, ORDER_CHANGES);
        Path input = writeLines("orders.txt", orders.lines());
        String table = sink.newTableName("pay_stats");

        runScript("""
                CREATE TABLE orders (
                  order_id BIGINT, store_id INT, trade_date DATE, pm_sign STRING, amount DECIMAL(10, 2),
                  PRIMARY KEY (order_id) NOT ENFORCED
                ) WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,UB,UA,D');
                CREATE TABLE pay_stats (
                  store_id INT, trade_date DATE, pm_sign VARCHAR(8), sale_amt DECIMAL(38, 2), order_num BIGINT,
                  PRIMARY KEY (store_id, trade_date, pm_sign) NOT ENFORCED
                ) WITH (%s);
                INSERT INTO pay_stats
                SELECT store_id, trade_date, pm_sign, SUM(amount) AS sale_amt, COUNT(*) AS order_num
                FROM orders GROUP BY store_id, trade_date, pm_sign;
                """.formatted(input, sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '500'")))
                .assertSucceeded();

        assertThat(sink.read(table, "store_id, trade_date, pm_sign, sale_amt, order_num",
                INT, DATE, VARCHAR, DECIMAL, BIGINT)).containsExactlyElementsOf(
                orders.expectedTotals().stream().map(AggregationSuite::plainRow).sorted().toList());
    }

    /**
     * ROLLUP over a changelog: totals per store and category, per store, and overall, each level's row
     * kept by its GROUPING_ID; a group emptied by deletes and moves loses its row at every level.
     */
    @Test
    void rollupKeepsEveryLevelsTotalsCorrect() throws Exception {
        OrderChanges orders = OrderChanges.generate(7, ORDER_CHANGES / 4);
        Path input = writeLines("orders.txt", orders.lines());
        String table = sink.newTableName("pay_rollup");

        runScript("""
                CREATE TABLE orders (
                  order_id BIGINT, store_id INT, trade_date DATE, pm_sign STRING, amount DECIMAL(10, 2),
                  PRIMARY KEY (order_id) NOT ENFORCED
                ) WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,UB,UA,D');
                CREATE TABLE pay_rollup (
                  store_id INT, pm_sign VARCHAR(8), lvl BIGINT, sale_amt DECIMAL(38, 2), order_num BIGINT,
                  PRIMARY KEY (store_id, pm_sign, lvl) NOT ENFORCED
                ) WITH (%s);
                INSERT INTO pay_rollup
                SELECT COALESCE(store_id, 0), COALESCE(pm_sign, '*'), GROUPING_ID(store_id, pm_sign),
                       SUM(amount), COUNT(*)
                FROM orders GROUP BY ROLLUP (store_id, pm_sign)
                ON CONFLICT DO DEDUPLICATE;
                """.formatted(input, sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '500'")))
                .assertSucceeded();

        Map<List<Object>, GroupTotal> levels = new HashMap<>();
        for (GroupTotal total : orders.expectedTotals()) {
            for (List<Object> level : List.<List<Object>>of(List.of(total.store(), total.category(), 0L),
                    List.of(total.store(), "*", 1L), List.of(0, "*", 3L))) {
                levels.merge(level, total, (a, b) -> a.plus(b));
            }
        }
        assertThat(sink.read(table, "store_id, pm_sign, lvl, sale_amt, order_num", INT, VARCHAR, BIGINT, DECIMAL,
                BIGINT)).containsExactlyInAnyOrderElementsOf(levels.entrySet().stream().map(level -> RowText.format(
                        Row.insert(level.getKey().get(0), level.getKey().get(1), level.getKey().get(2),
                                level.getValue().amount(), level.getValue().count()))).toList());
    }

    /**
     * Seed 003 itself: the sink's key is an MD5 of the group and pm_sign goes through UPPER, so the
     * planner cannot prove the query's key equals the sink's; ON CONFLICT DO DEDUPLICATE must still
     * leave no stale row behind when orders move between categories.
     */
    @Test
    void ordersAggregatedUnderAHashedKeyLeaveNoStaleRows() throws Exception {
        OrderChanges orders = OrderChanges.generate(5, ORDER_CHANGES / 4);
        Path input = writeLines("orders.txt", orders.lines());
        String table = sink.newTableName("pay_stats");

        runScript("""
                CREATE TABLE orders (
                  order_id BIGINT, store_id INT, trade_date DATE, pm_sign STRING, amount DECIMAL(10, 2),
                  PRIMARY KEY (order_id) NOT ENFORCED
                ) WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,UB,UA,D');
                CREATE TABLE pay_stats (
                  uuid VARCHAR(32), store_id INT, trade_date DATE, pm_sign VARCHAR(8), sale_amt DECIMAL(38, 2),
                  order_num BIGINT, PRIMARY KEY (uuid) NOT ENFORCED
                ) WITH (%s);
                INSERT INTO pay_stats
                SELECT MD5(CONCAT(CAST(store_id AS STRING), '|', CAST(trade_date AS STRING), '|', pm_sign)) AS uuid,
                       store_id, trade_date, UPPER(pm_sign) AS pm_sign, SUM(amount) AS sale_amt, COUNT(*) AS order_num
                FROM orders GROUP BY store_id, trade_date, pm_sign
                ON CONFLICT DO DEDUPLICATE;
                """.formatted(input, sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '500'")))
                .assertSucceeded();

        assertThat(sink.read(table, "uuid, store_id, trade_date, pm_sign, sale_amt, order_num",
                VARCHAR, INT, DATE, VARCHAR, DECIMAL, BIGINT)).containsExactlyElementsOf(
                orders.expectedTotals().stream().map(AggregationSuite::hashedRow).sorted().toList());
    }

    /**
     * A row that leaves a group's result as it was sends the sink nothing: MAX(v) fed a value below the
     * maximum, COUNT(v) fed a NULL. Each sink receives one change per row that changed its result, no
     * more, and writes each (one row per flush).
     */
    @Test
    void anUnchangedAggregateSendsTheSinkNothing() throws Exception {
        Random random = new Random(29);
        List<String> lines = new ArrayList<>();
        Map<String, Integer> maxima = new HashMap<>();
        Set<String> seen = new HashSet<>();
        long maxChanges = 0;
        long countChanges = 0;
        for (int i = 0; i < 400; i++) {
            String key = "k" + random.nextInt(5);
            Integer value = random.nextInt(4) == 0 ? null : random.nextInt(1000);
            lines.add("+I[" + key + ", " + value + "]");
            boolean first = seen.add(key);
            Integer max = maxima.get(key);
            if (first || value != null && (max == null || value > max)) {
                maxChanges++;
            }
            if (first || value != null) {
                countChanges++;
            }
            if (value != null && (max == null || value > max)) {
                maxima.put(key, value);
            }
        }
        Path input = writeLines("readings.txt", lines);
        String maxTable = sink.newTableName("max_v");
        String countTable = sink.newTableName("count_v");
        String oneRowPerFlush = "'sink.buffer-flush.max-rows' = '1'";

        CliRun run = runScript("""
                CREATE TABLE readings (k STRING, v INT) WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE max_v (k VARCHAR(8), mx INT, PRIMARY KEY (k) NOT ENFORCED) WITH (%s);
                CREATE TABLE count_v (k VARCHAR(8), n BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH (%s);
                EXECUTE STATEMENT SET BEGIN
                  INSERT INTO max_v SELECT k, MAX(v) FROM readings GROUP BY k;
                  INSERT INTO count_v SELECT k, COUNT(v) FROM readings GROUP BY k;
                END;
                """.formatted(input, sink.jdbcOptions(maxTable, oneRowPerFlush),
                sink.jdbcOptions(countTable, oneRowPerFlush))).assertSucceeded();

        assertThat(run.sinkMetric("rows-received")).as("changes received; stderr:%n%s", run.stderr())
                .containsEntry("max_v", maxChanges).containsEntry("count_v", countChanges);
        Map<String, Long> written = run.sinkMetric("upserts");
        assertThat(written.get("max_v")).as("rows written").isPositive().isLessThanOrEqualTo(maxChanges);
        assertThat(written.get("count_v")).as("rows written").isPositive().isLessThanOrEqualTo(countChanges);
        assertThat(sink.read(maxTable, "k, mx", VARCHAR, INT)).containsExactlyElementsOf(maxima.entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).map(e -> "+I[" + e.getKey() + ", " + e.getValue() + "]").toList());
    }

    /**
     * Words in event time; a, b and c each end with two, so the count 2 is the key they all reach. The
     * source's watermark passes them all at once, so one subtask keeps the order in which they reach it.
     */
    private static final String TIMED_WORDS = """
            SET 'parallelism.default' = '1';
            CREATE TABLE events (word STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'values',
              'rows' = '+I[a, 2026-10-09 10:00:00]
            +I[b, 2026-10-09 10:00:01]
            +I[a, 2026-10-09 10:00:02]
            +I[c, 2026-10-09 10:00:03]
            +I[b, 2026-10-09 10:00:04]
            +I[c, 2026-10-09 10:00:05]');
            """;

    @Test
    void onConflictDoNothingKeepsTheFirstWordToReachEachCount() throws Exception {
        String table = sink.newTableName("first_by_count");
        runScript(TIMED_WORDS + """
                CREATE TABLE first_by_count (word VARCHAR(8), cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) WITH (%s);
                INSERT INTO first_by_count SELECT word, COUNT(*) AS cnt FROM events GROUP BY word ON CONFLICT DO NOTHING;
                """.formatted(sink.jdbcOptions(table))).assertSucceeded();

        assertThat(sink.read(table, "word, cnt", VARCHAR, BIGINT)).containsExactly("+I[a, 2]");
    }

    @Test
    void onConflictDoErrorFailsNamingTheKey() {
        String table = sink.newTableName("one_by_count");
        runScript(TIMED_WORDS + """
                CREATE TABLE one_by_count (word VARCHAR(8), cnt BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) WITH (%s);
                INSERT INTO one_by_count SELECT word, COUNT(*) AS cnt FROM events GROUP BY word ON CONFLICT DO ERROR;
                """.formatted(sink.jdbcOptions(table)))
                .assertFailedNaming("ON CONFLICT DO ERROR", "Primary key constraint violation", "(cnt=");
    }

    private static String plainRow(GroupTotal total) {
        return RowText.format(Row.insert(total.store(), total.day(), total.category(), total.amount(), total.count()));
    }

    /** The row seed 003's query writes: the MD5 of "store|day|category" first, the category in upper case. */
    private static String hashedRow(GroupTotal total) {
        String group = total.store() + "|" + total.day() + "|" + total.category();
        return RowText.format(Row.insert(md5(group), total.store(), total.day(),
                total.category().toUpperCase(Locale.ROOT), total.amount(), total.count()));
    }

    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has MD5", e);
        }
    }

    /** Seed 000 Q2: when the last word leaves a count, that count's row must be deleted from the table. */
    @Test
    void nestedAggregateDeletesTheRowsOfEmptiedGroups() throws Exception {
        WordChanges words = WordChanges.growThenShrink(17, 200, 12);
        Path input = writeLines("words.txt", words.lines());
        String table = sink.newTableName("cnt_hist");
        assertThat(words.peakCount()).as("words reach counts above 3, whose groups empty out again").isGreaterThan(3);

        runScript("""
                CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,D');
                CREATE TABLE cnt_hist (cnt BIGINT, num_words BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) WITH (%s);
                INSERT INTO cnt_hist
                SELECT cnt, COUNT(*) AS num_words
                FROM (SELECT word, COUNT(*) AS cnt FROM words GROUP BY word)
                GROUP BY cnt;
                """.formatted(input, sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '50'")))
                .assertSucceeded();

        assertThat(sink.read(table, "cnt, num_words", BIGINT, BIGINT))
                .containsExactlyElementsOf(words.expectedCountOfCounts());
    }

    /** One job, three sinks: a keyed count, the count of counts above it, and an append-only log. */
    @Test
    void statementSetFeedsSeveralSinksFromOneSource() throws Exception {
        WordChanges words = WordChanges.insertsOnly(23, 5_000, 300);
        Path input = writeLines("words.txt", words.lines());
        String counts = sink.newTableName("word_counts");
        String histogram = sink.newTableName("cnt_hist");
        String log = sink.newTableName("word_log");

        runScript("""
                CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE word_counts (word VARCHAR(64), cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) WITH (%s);
                CREATE TABLE cnt_hist (cnt BIGINT, num_words BIGINT, PRIMARY KEY (cnt) NOT ENFORCED) WITH (%s);
                CREATE TABLE word_log (word VARCHAR(64)) WITH (%s);
                EXECUTE STATEMENT SET BEGIN
                  INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word;
                  INSERT INTO cnt_hist SELECT cnt, COUNT(*) AS num_words
                    FROM (SELECT word, COUNT(*) AS cnt FROM words GROUP BY word) GROUP BY cnt;
                  INSERT INTO word_log SELECT word FROM words;
                END;
                """.formatted(input, sink.jdbcOptions(counts), sink.jdbcOptions(histogram), sink.jdbcOptions(log)))
                .assertSucceeded();

        assertThat(sink.read(counts, "word, cnt", VARCHAR, BIGINT)).containsExactlyElementsOf(words.expectedCounts());
        assertThat(sink.read(histogram, "cnt, num_words", BIGINT, BIGINT))
                .containsExactlyElementsOf(words.expectedCountOfCounts());
        assertThat(sink.read(log, "word", VARCHAR)).containsExactlyElementsOf(
                words.remainingWords().stream().map(word -> RowText.format(Row.insert(word))).sorted().toList());
    }
}
