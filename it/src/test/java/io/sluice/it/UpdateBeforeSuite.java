package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.INT;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Queries whose table is right only because a -U reaches the sink and deletes its key: a filter above
 * an aggregate that drops a row's +U, and a primary key holding a column that changes with the update,
 * each at one row per flush and at one flush for all, with and without mini-batch; and rows moving
 * between the partitions of a Top-N on two subtasks.
 */
abstract class UpdateBeforeSuite extends DatabaseSuite {
    /** Alice's first order goes, and with it her second place in HAVING COUNT(*) >= 2. */
    private static final String ORDERS = """
            CREATE TABLE orders (id INT, customer STRING, amount INT) WITH ('connector' = 'values',
              'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[1, alice, 10]
            +I[2, bob, 5]
            +I[3, alice, 20]
            +I[4, bob, 7]
            -D[1, alice, 10]');
            """;

    UpdateBeforeSuite(TestDatabase database) {
        super(database);
    }

    @ParameterizedTest(name = "max-rows {0}, mini-batch {1}")
    @CsvSource({"1, false", "1, true", "5000, false", "5000, true"})
    void havingDropsTheRowOfACustomerWhoFallsBelowTheBound(int maxRows, boolean miniBatch) throws Exception {
        String table = sink.newTableName("big_customers");
        runScript(settings(miniBatch) + ORDERS + """
                CREATE TABLE big_customers (customer VARCHAR(20), cnt BIGINT, total INT,
                  PRIMARY KEY (customer) NOT ENFORCED) WITH (%s);
                INSERT INTO big_customers SELECT customer, COUNT(*) AS cnt, SUM(amount) AS total
                FROM orders GROUP BY customer HAVING COUNT(*) >= 2;
                """.formatted(sink.jdbcOptions(table, maxRows(maxRows)))).assertSucceeded();

        assertThat(sink.read(table, "customer, cnt, total", VARCHAR, BIGINT, INT)).containsExactly("+I[bob, 2, 12]");
    }

    @ParameterizedTest(name = "max-rows {0}, mini-batch {1}")
    @CsvSource({"1, false", "1, true", "5000, false", "5000, true"})
    void primaryKeyWithTheCountKeepsOnlyTheLatestCount(int maxRows, boolean miniBatch) throws Exception {
        String table = sink.newTableName("word_counts_by_cnt");
        runScript(settings(miniBatch) + """
                CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'rows' = '+I[a]
                +I[b]
                +I[a]
                +I[a]');
                CREATE TABLE word_counts (word VARCHAR(20), cnt BIGINT, PRIMARY KEY (word, cnt) NOT ENFORCED)
                  WITH (%s);
                INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word;
                """.formatted(sink.jdbcOptions(table, maxRows(maxRows)))).assertSucceeded();

        assertThat(sink.read(table, "word, cnt", VARCHAR, BIGINT)).containsExactly("+I[a, 3]", "+I[b, 1]");
    }

    /** Exactly-once writes on checkpoints only; the -U that passes HAVING is a delete there too. */
    @Test
    void havingDropsTheRowInExactlyOnceMode() throws Exception {
        String table = sink.newTableName("big_customers");
        String progress = sink.newTableName("progress");
        runScript(settings(false) + "SET 'execution.checkpointing.interval' = '50ms';\n"
                + "SET 'execution.checkpointing.dir' = '" + workDir.resolve("checkpoints") + "';\n" + ORDERS + """
                CREATE TABLE big_customers (customer VARCHAR(20), cnt BIGINT, PRIMARY KEY (customer) NOT ENFORCED)
                  WITH (%s);
                INSERT INTO big_customers SELECT customer, COUNT(*) AS cnt FROM orders GROUP BY customer
                HAVING COUNT(*) >= 2;
                """.formatted(sink.jdbcOptions(table, "'sink.delivery-guarantee' = 'exactly-once'",
                "'sink.progress-table' = '" + progress + "'"))).assertSucceeded();

        assertThat(sink.read(table, "customer, cnt", VARCHAR, BIGINT)).containsExactly("+I[bob, 2]");
    }

    /**
     * At parallelism 2, rows move between the partitions of a Top-N (rank number not selected) on two
     * subtasks: a row's -U comes from one and its +U from the other, in no set order, so the query keeps
     * no key and the table, keyed by the row's id, is written through ON CONFLICT DO DEDUPLICATE. It must
     * hold the two highest rows of each partition, as the source leaves them. A fixed seed, so a failure
     * reproduces its input.
     */
    @Test
    void rowsThatMoveBetweenTopNPartitionsOnTwoSubtasksLeaveNoStaleRow() throws Exception {
        Random random = new Random(31);
        KeyedChangelog changes = new KeyedChangelog(1);
        for (int step = 1; step <= 1500; step++) {
            int id = random.nextInt(40);
            int v = step * 7919 % 100_003;
            if (!changes.contains(id)) {
                changes.insert(id, random.nextInt(4), v);
            } else if (random.nextInt(10) == 0) {
                changes.delete(id);
            } else {
                changes.update(id, random.nextInt(4), v);
            }
        }
        Path input = writeLines("moves.txt", changes.lines());
        String table = sink.newTableName("top_two");

        runScript("""
                SET 'parallelism.default' = '2';
                CREATE TABLE moves (id INT, g INT, v INT, PRIMARY KEY (id) NOT ENFORCED)
                  WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,UB,UA,D');
                CREATE TABLE top_two (id INT, g INT, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                INSERT INTO top_two SELECT id, g, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY g ORDER BY v DESC)
                  AS rn FROM moves) WHERE rn <= 2 ON CONFLICT DO DEDUPLICATE;
                """.formatted(input, sink.jdbcOptions(table, maxRows(7)))).assertSucceeded();

        Map<Integer, List<Row>> partitions = changes.rows().stream()
                .collect(Collectors.groupingBy(row -> (Integer) row.field(1)));
        List<String> topTwo = partitions.values().stream()
                .flatMap(rows -> rows.stream().sorted(Comparator.comparing(row -> -(Integer) row.field(2))).limit(2))
                .map(RowText::format).sorted().toList();
        assertThat(sink.read(table, "id, g, v", INT, INT, INT)).containsExactlyElementsOf(topTwo);
    }

    private static String settings(boolean miniBatch) {
        String settings = "SET 'parallelism.default' = '1';\n";
        if (miniBatch) {
            settings += "SET 'table.exec.mini-batch.enabled' = 'true';\n"
                    + "SET 'table.exec.mini-batch.allow-latency' = '1s';\nSET 'table.exec.mini-batch.size' = '2';\n";
        }
        return settings;
    }

    private static String maxRows(int rows) {
        return "'sink.buffer-flush.max-rows' = '" + rows + "'";
    }
}
