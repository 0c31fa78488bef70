package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.INT;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input stops the script with an {@code ERROR:} naming the place at fault, a non-zero exit code,
 * and the rows an earlier statement committed left as they were. Each script first loads rows 1 to
 * {@value #COMMITTED} into the table, then runs a second statement that meets the bad input.
 */
abstract class BadInputSuite extends DatabaseSuite {
    private static final int COMMITTED = 100;

    BadInputSuite(TestDatabase database) {
        super(database);
    }

    @Test
    void malformedChangelogRowIsReportedWithItsFileAndLine() throws Exception {
        List<String> later = nicknamedRows(COMMITTED + 1, COMMITTED + 200);
        List<String> badLines = new ArrayList<>(later);
        badLines.add(150, "+I[four hundred, not a number]");
        Path badFile = writeLines("bad-rows.txt", badLines);
        String table = sink.newTableName("labels");

        runAfterLoading(table, """
                CREATE TABLE bad_rows (account_id BIGINT, nickname STRING)
                  WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I');
                INSERT INTO target SELECT account_id, nickname FROM bad_rows;
                """.formatted(badFile), sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '20'"))
                .assertFailedNaming(badFile.getFileName().toString(), "line 151");

        assertCommittedRowsIntact(table, later.subList(0, 150));
    }

    /** With a flush of one row, and with the offending row among many in one flush. */
    @ParameterizedTest(name = "max-rows {0}")
    @ValueSource(ints = {1, 1000})
    void valueTooLongForItsColumnIsReportedWithKeyAndColumn(int maxRows) throws Exception {
        String table = sink.newTableName("nicknames");
        sink.execute("CREATE TABLE " + table + " (account_id BIGINT PRIMARY KEY, nickname VARCHAR(5))");
        List<String> later = nicknamedRows(COMMITTED + 1, COMMITTED + 40);
        List<String> badLines = new ArrayList<>(later);
        badLines.add(20, RowText.format(Row.insert(4242L, "much too long for five")));
        Path badFile = writeLines("long-values.txt", badLines);

        runAfterLoading(table, """
                CREATE TABLE long_values (account_id BIGINT, nickname STRING)
                  WITH ('connector' = 'values', 'path' = '%s');
                INSERT INTO target SELECT account_id, nickname FROM long_values;
                """.formatted(badFile), sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '" + maxRows + "'"))
                .assertFailedNaming("4242", "nickname");

        assertCommittedRowsIntact(table, later);
    }

    @Test
    void nullKeyIsReportedWithTheKeyColumn() throws Exception {
        String table = sink.newTableName("accounts");
        List<String> later = nicknamedRows(COMMITTED + 1, COMMITTED + 40);
        List<String> badLines = new ArrayList<>(later);
        badLines.add(20, "+I[null, nobody]");
        Path badFile = writeLines("null-keys.txt", badLines);

        runAfterLoading(table, """
                CREATE TABLE null_keys (account_id BIGINT, nickname STRING)
                  WITH ('connector' = 'values', 'path' = '%s');
                INSERT INTO target SELECT account_id, nickname FROM null_keys;
                """.formatted(badFile), sink.jdbcOptions(table))
                .assertFailedNaming("account_id");

        assertCommittedRowsIntact(table, later);
    }

    /**
     * Every statement form the dialect writes (a plain insert into a table without key, an upsert with a
     * value column, the insert-if-missing of a table whose columns are all key columns) meets a value
     * the table cannot hold: too long, out of range, NULL in a NOT NULL key. Each fails naming the
     * column (and the key, where the table has one), and nothing is stored in its place: no truncated
     * string, no clamped number, no empty string for NULL.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("statementFormsAndBadValues")
    void everyStatementFormRejectsWhatTheTableCannotHold(String form, String badValue) throws Exception {
        String table = sink.newTableName("strict");
        String key = switch (form) {
            case "insert" -> "";
            case "upsert" -> ", PRIMARY KEY (k)";
            default -> ", PRIMARY KEY (k, n, label)";
        };
        sink.execute("CREATE TABLE " + table + " (k BIGINT NOT NULL, n INT NOT NULL, label VARCHAR(5) NOT NULL" + key
                + ")" + sink.exactKeyTableOptions());
        String badRow = switch (badValue) {
            case "too long" -> "+I[7, 7, much too long for five]";
            case "out of range" -> "+I[7, 99999999999, seven]";
            default -> "+I[7, null, null]";
        };
        String column = switch (badValue) {
            case "too long" -> "label";
            default -> "n";
        };
        Path badFile = writeLines("rows.txt", List.of("+I[1, 1, one]", badRow, "+I[2, 2, two]"));

        CliRun run = runScript("""
                CREATE TABLE input (k BIGINT, n BIGINT, label STRING) WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE target (k BIGINT, n BIGINT, label STRING%s) WITH (%s);
                INSERT INTO target SELECT k, n, label FROM input;
                """.formatted(badFile, key.isEmpty() ? "" : key.replace(")", ") NOT ENFORCED"),
                sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '1'")));

        if (key.isEmpty()) {
            run.assertFailedNaming(column);
        } else {
            run.assertFailedNaming("k=7", column);
        }
        assertThat(sink.read(table, "k, n, label", BIGINT, INT, VARCHAR)).containsExactly("+I[1, 1, one]");
    }

    static Stream<Arguments> statementFormsAndBadValues() {
        return Stream.of("insert", "upsert", "key columns only").flatMap(form ->
                Stream.of("too long", "out of range", "null").map(bad -> Arguments.of(form, bad)));
    }

    @Test
    void unknownColumnOfTheSinkTableIsReportedByName() throws Exception {
        String table = sink.newTableName("narrow");
        sink.execute("CREATE TABLE " + table + " (account_id BIGINT PRIMARY KEY, nickname VARCHAR(20))");
        Path later = writeLines("later.txt", nicknamedRows(COMMITTED + 1, COMMITTED + 40));

        runAfterLoading(table, """
                CREATE TABLE later_rows (account_id BIGINT, nickname STRING)
                  WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE wider (
                  account_id BIGINT, nickname STRING, extra_col INT, PRIMARY KEY (account_id) NOT ENFORCED
                ) WITH (%s);
                INSERT INTO wider SELECT account_id, nickname, 7 AS extra_col FROM later_rows;
                """.formatted(later, sink.jdbcOptions(table)), sink.jdbcOptions(table))
                .assertFailedNaming("extra_col");

        assertCommittedRowsIntact(table, List.of());
    }

    /**
     * Loads rows 1 to {@value #COMMITTED} into {@code target} ({@code targetOptions}), then runs
     * {@code badStatements}, which may also write to {@code target}.
     */
    private CliRun runAfterLoading(String table, String badStatements, String targetOptions) {
        Path committed = writeLines("committed.txt", nicknamedRows(1, COMMITTED));
        return runScript("""
                CREATE TABLE committed_rows (account_id BIGINT, nickname STRING)
                  WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE target (account_id BIGINT, nickname STRING, PRIMARY KEY (account_id) NOT ENFORCED)
                  WITH (%s);
                INSERT INTO target SELECT account_id, nickname FROM committed_rows;
                %s""".formatted(committed, targetOptions, badStatements));
    }

    /**
     * The rows of the first statement are all there as written; any other row is one of
     * {@code writableLater}, rows the failed statement may have committed before it failed.
     */
    private void assertCommittedRowsIntact(String table, List<String> writableLater) throws Exception {
        List<String> committed = nicknamedRows(1, COMMITTED);
        List<String> rows = sink.read(table, "account_id, nickname", BIGINT, VARCHAR);
        assertThat(rows).containsAll(committed);
        List<String> allowed = new ArrayList<>(committed);
        allowed.addAll(writableLater);
        assertThat(rows).isSubsetOf(allowed);
    }

    /** {@code +I[account_id, nickname]} for ids {@code first} to {@code last}; labels fit in five characters. */
    private static List<String> nicknamedRows(long first, long last) {
        return LongStream.rangeClosed(first, last).mapToObj(id -> RowText.format(Row.insert(id, "n" + id))).toList();
    }
}
