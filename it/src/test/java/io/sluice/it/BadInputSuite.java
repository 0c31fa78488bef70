package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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
     * A table whose columns are all key columns takes only inserts of missing rows; a value the table
     * cannot hold still fails naming key and column, and nothing changed is stored in its place.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"+I[7, much too long for five]", "+I[7, null]"})
    void aTableOfKeyColumnsOnlyRejectsWhatItCannotHold(String badRow) throws Exception {
        String table = sink.newTableName("pairs");
        sink.execute("CREATE TABLE " + table + " (pair_left BIGINT NOT NULL, pair_right VARCHAR(5) NOT NULL, "
                + "PRIMARY KEY (pair_left, pair_right))");
        Path badFile = writeLines("pairs.txt", List.of("+I[1, one]", badRow, "+I[2, two]"));

        runScript("""
                CREATE TABLE pair_rows (pair_left BIGINT, pair_right STRING) WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE target (pair_left BIGINT, pair_right STRING, PRIMARY KEY (pair_left, pair_right) NOT ENFORCED)
                  WITH (%s);
                INSERT INTO target SELECT pair_left, pair_right FROM pair_rows;
                """.formatted(badFile, sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '1'")))
                .assertFailedNaming("pair_right");

        assertThat(sink.read(table, "pair_left, pair_right", BIGINT, VARCHAR)).containsExactly("+I[1, one]");
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
