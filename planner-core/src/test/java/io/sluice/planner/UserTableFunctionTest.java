package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.functions.ResultType;
import io.sluice.api.functions.TableFunction;
import org.junit.jupiter.api.Test;

/** CREATE FUNCTION with Java table functions: LATERAL TABLE joins, LEFT joins, changelogs, column names, errors. */
class UserTableFunctionTest {
    private static final String LINES = "CREATE TABLE lines (id INT, line STRING, PRIMARY KEY (id) NOT ENFORCED) "
            + "WITH ('connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', 'rows' = '"
            + "+I[1, a bb]\n+I[2, ]\n+I[3, ccc]\n-U[1, a bb]\n+U[1, dddd]\n-D[3, ccc]')";

    /** Each word of a line with its length. */
    @ResultType("ROW<word STRING, length INT>")
    public static class Split extends TableFunction<Row> {
        public void eval(String line) {
            for (String word : line.split(" ")) {
                if (!word.isEmpty()) {
                    collect(Row.insert(word, word.length()));
                }
            }
        }
    }

    /** The numbers 1 to n, one column. */
    public static class Range extends TableFunction<Long> {
        public void eval(long n) {
            for (long i = 1; i <= n; i++) {
                collect(i);
            }
        }
    }

    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    private void register() {
        tables.env.executeSql(LINES);
        tables.env.executeSql("CREATE FUNCTION split AS '" + Split.class.getName() + "'");
        tables.env.executeSql("CREATE FUNCTION range_to AS '" + Range.class.getName() + "'");
    }

    @Test
    void aLateralTableJoinsEachRowWithTheFunctionsRowsAndFollowsItsChangelog() {
        register();
        String query = "SELECT id, word, length FROM lines, LATERAL TABLE(split(line))";
        assertThat(tables.run("EXPLAIN CHANGELOG_MODE " + query)).contains("Correlate(invocation=[split($cor0.line)], "
                + "correlate=[table(split($cor0.line))], select=[id,line,word,length], rowType=[RecordType(INTEGER id, "
                + "VARCHAR(2147483647) line, VARCHAR(2147483647) word, INTEGER length)], joinType=[INNER], "
                + "changelogMode=[I,UB,UA,D])");
        assertThat(tables.run(query)).isEqualTo("""
                +I[1, a, 1]
                +I[1, bb, 2]
                +I[3, ccc, 3]
                -U[1, a, 1]
                -U[1, bb, 2]
                +U[1, dddd, 4]
                -D[3, ccc, 3]
                """);
    }

    @Test
    void aLeftJoinKeepsRowsWithoutFunctionRowsAndColumnsCanBeRenamed() {
        register();
        assertThat(tables.finalRows("SELECT id, w, n FROM lines LEFT JOIN LATERAL TABLE(split(line)) AS T(w, n) "
                + "ON TRUE")).containsExactly("2, null, null", "1, dddd, 4");
        assertThat(tables.run("SELECT word, f0 FROM words CROSS JOIN LATERAL TABLE(range_to(CHAR_LENGTH(word) + 1))"))
                .isEqualTo("""
                        +I[a, 1]
                        +I[a, 2]
                        +I[b, 1]
                        +I[b, 2]
                        """);
    }

    @Test
    void anAggregateOverTheFunctionsRowsRetractsWhatAnUpdateTookBack() {
        register();
        assertThat(tables.finalRows("SELECT word, SUM(length) FROM lines, LATERAL TABLE(split(line)) "
                + "WHERE length > 1 GROUP BY word")).containsExactlyInAnyOrder("dddd, 4");
    }

    /** Collects a Long where the declared column is an INT. */
    @ResultType("ROW<n INT>")
    public static class WrongType extends TableFunction<Row> {
        public void eval(String s) {
            collect(Row.insert(1L));
        }
    }

    /** A Row without declared columns. */
    public static class Undeclared extends TableFunction<Row> {
        public void eval(String s) {
        }
    }

    @Test
    void mistakesAreReportedWithTheFunctionAndColumn() {
        register();
        assertThatThrownBy(() -> tables.env.executeSql("CREATE FUNCTION u AS '" + Undeclared.class.getName() + "'"))
                .hasMessageContaining("Function 'u': class '" + Undeclared.class.getName() + "' produces Rows, so it "
                        + "needs @ResultType(\"ROW<name type, ...>\") to declare their columns");
        tables.env.executeSql("CREATE FUNCTION wrong AS '" + WrongType.class.getName() + "'");
        assertThatThrownBy(() -> tables.run("SELECT n FROM words, LATERAL TABLE(wrong(word))"))
                .hasMessageContaining("Table function wrong produced java.lang.Long for column 'n' INT: collect "
                        + "java.lang.Integer values for it");
        assertThatThrownBy(() -> tables.run("SELECT * FROM words, LATERAL TABLE(split(1))"))
                .hasMessageContaining("Cannot apply 'split' to arguments of type 'split(<INTEGER>)'");
    }
}
