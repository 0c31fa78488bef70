package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Malformed and unsupported SQL of every kind, run as a script: each fails with one
 * {@code ERROR: <file>, line L, column C: <what>} line naming the statement's place and what is wrong,
 * and never with a Java stack trace, whether planning or the job failed.
 */
class ErrorReportingTest {
    private static final String TABLES = """
            CREATE TABLE orders (id BIGINT, shop STRING, amount INT, ts TIMESTAMP(3), PRIMARY KEY (id) NOT ENFORCED,
              WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)
              WITH ('connector' = 'values', 'rows' = '+I[1, a, 10, 2026-01-01T00:00:00]');
            CREATE TABLE changes (id BIGINT, shop STRING, amount INT, PRIMARY KEY (id) NOT ENFORCED)
              WITH ('connector' = 'values', 'changelog-mode' = 'I,UA,D', 'rows' = '+I[1, a, 10]');
            CREATE TABLE totals (shop STRING, total BIGINT) WITH ('connector' = 'blackhole');
            """;
    private static final int STATEMENT_LINE = 7;
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            SELECT FROM orders                                         | 8  | Incorrect syntax near the keyword 'FROM'
            SELECT 1 +                                                 | 10 | + <EOF>
            SELECT * FROM nowhere                                      | 15 | Object 'nowhere' not found
            SELECT nope FROM orders                                    | 8  | Column 'nope' not found in any table
            SELECT shop, SUM(amount) FROM orders                       | 8  | Expression 'shop' is not being grouped
            SELECT UPPER(amount, 1) FROM orders                        | 8  | Invalid number of arguments to function 'UPPER'
            SELECT no_such_function(amount) FROM orders                | 8  | No match found for function signature no_such_function
            SELECT SUBSTRING(shop, 'a') FROM orders                    | 1  | SUBSTRING's position must be an integer, not CHAR(1)
            SELECT CAST(ts AS INT) FROM orders                         | 1  | CAST from TIMESTAMP(3) to INTEGER is not supported
            SELECT amount / 0 FROM orders                              | 1  | on row +I[1, a, 10, 2026-01-01T00:00]: / by zero
            SELECT CAST(shop AS INT) FROM orders                       | 1  | Cannot cast 'a' to INT
            SELECT MAX(amount) FILTER (WHERE shop) FROM orders         | 34 | FILTER clause must be a condition
            SELECT * FROM orders WHERE id IN (SELECT id FROM changes)  | 1  | Subqueries (IN (SELECT ...), EXISTS (...), a scalar (SELECT ...)) are not supported; write them as a JOIN
            SELECT * FROM orders ORDER BY amount                       | 1  | ORDER BY / LIMIT outside of a Top-N
            SELECT shop FROM orders INTERSECT SELECT shop FROM changes | 1  | Unsupported in a streaming query: Intersect
            SELECT ROW_NUMBER() OVER (ORDER BY amount) FROM orders     | 1  | ROW_NUMBER() OVER (...) needs a filter on its result
            SELECT COUNT(*) FROM orders GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE)  | 38 | Group window function TUMBLE(...) is not supported: use the window table function
            SELECT SESSION_START(ts, INTERVAL '1' MINUTE) FROM orders GROUP BY SESSION(ts, INTERVAL '1' MINUTE) | 8 | Group window function SESSION_START(...) is not supported
            SELECT window_start FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start | 1 | must GROUP BY both window_start and window_end
            SELECT * FROM TABLE(SESSION(TABLE orders, DESCRIPTOR(ts), INTERVAL '0' MINUTE)) | 1 | The window gap must be positive
            SELECT * FROM TABLE(CUMULATE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) | 21 | Invalid number of arguments to function 'CUMULATE'
            SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE changes, DESCRIPTOR(id), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end | 28 | Cannot apply 'TUMBLE' to arguments
            SELECT o.id FROM orders o JOIN changes FOR SYSTEM_TIME AS OF o.ts AS c ON o.id = c.id | 1 | The event-time temporal join on table 'default_catalog.default_database.changes' needs a WATERMARK on it
            INSERT INTO totals SELECT shop FROM orders                 | 13 | the query has 1 columns, the sink expects 2 [shop, total]
            INSERT INTO totals SELECT shop, 'x' FROM orders            | 13 | Incompatible types for sink column 'total'
            INSERT INTO nowhere SELECT shop, 1 FROM orders             | 13 | Object 'nowhere' not found
            CREATE TABLE t (a INT, b AS c + 1) WITH ('connector' = 'values') | 29 | Computed column 'b': Column 'c' not found in any table
            CREATE TABLE t (a INT, PRIMARY KEY (b) NOT ENFORCED) WITH ('connector' = 'values') | 14 | Primary key column 'b' is not a column of the table
            CREATE TABLE t (a WEIRDTYPE) WITH ('connector' = 'values') | 19 | Unknown data type 'WEIRDTYPE'
            CREATE TABLE orders (a INT) WITH ('connector' = 'values')  | 14 | Table or view 'default_catalog.default_database.orders' already exists
            CREATE VIEW v AS SELECT nope FROM orders                   | 25 | Column 'nope' not found in any table
            CREATE FUNCTION f AS 'no.such.Clazz'                       | 22 | Function 'f': class 'no.such.Clazz' cannot be loaded
            DROP TABLE nowhere                                         | 12 | Table 'default_catalog.default_database.nowhere' does not exist
            SET 'parallelism.default' = 'many'                         | 29 | Invalid value for option 'parallelism.default' = 'many'
            SHOW CREATE TABLE nowhere                                  | 19 | Table 'default_catalog.default_database.nowhere' does not exist
            SHOW COLUMNS FROM orders                                   | 6  | Expected TABLES, CREATE TABLE, CREATE VIEW, JARS, FUNCTIONS or USER FUNCTIONS but found 'COLUMNS'
            ADD JAR '/tmp/no-such-functions.jar'                       | 9  | ADD JAR: '/tmp/no-such-functions.jar' is not a file
            """)
    void aBadStatementFailsWithItsPlaceAndNoStackTrace(String statement, int column, String message,
                                                     @TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("bad.sql"), TABLES + statement + ";\nSELECT 'never run';\n");

        int exit = Main.run(new String[] {"run", script.toString()}, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        String stdout = out.toString(StandardCharsets.UTF_8);
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(exit).as("exit code; stderr:%n%s", stderr).isEqualTo(Main.EXIT_FAILED);
        assertThat(stderr).contains("ERROR: " + script + ", line " + STATEMENT_LINE + ", column " + column + ": ")
                .contains(message);
        assertThat(stdout).doesNotContain("never run");
        assertThat(STACK_FRAME.matcher(stdout + stderr).find()).as("a stack frame in%n%s%s", stdout, stderr).isFalse();
    }
}
