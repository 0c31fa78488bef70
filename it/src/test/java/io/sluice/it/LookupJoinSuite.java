package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A stream joined with a database table by key (FOR SYSTEM_TIME AS OF a processing time), with and
 * without the partial cache, and a lookup that fails naming the table and the key.
 */
abstract class LookupJoinSuite extends DatabaseSuite {
    private static final String CLICKS = """
            CREATE TABLE clicks (k BIGINT, x INT, pt AS PROCTIME()) WITH ('connector' = 'values', 'rows' = '+I[1, 10]
            +I[2, 20]
            +I[4, 40]
            +I[1, 11]
            +I[null, 50]');
            """;

    LookupJoinSuite(TestDatabase database) {
        super(database);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"'lookup.cache' = 'NONE'",
            "'lookup.cache' = 'PARTIAL', 'lookup.partial-cache.max-rows' = '1'"})
    void eachClickFindsItsKeysRowInTheDatabase(String cache) throws Exception {
        String names = sink.newTableName("lk_names");
        sink.execute("CREATE TABLE " + names + " (id BIGINT PRIMARY KEY, name VARCHAR(20), region VARCHAR(5))",
                "INSERT INTO " + names + " VALUES (1, 'one', 'eu'), (2, 'two', 'us'), (3, 'three', 'eu')");
        String result = sink.newTableName("lk_result");
        runScript(CLICKS + """
                CREATE TABLE names (id BIGINT, name STRING, region STRING) WITH (%s);
                CREATE TABLE result (k BIGINT, name STRING) WITH (%s);
                INSERT INTO result SELECT c.k, n.name FROM clicks AS c
                LEFT JOIN names FOR SYSTEM_TIME AS OF c.pt AS n ON c.k = n.id AND n.region = 'eu';
                """.formatted(sink.jdbcOptions(names, cache), sink.jdbcOptions(result))).assertSucceeded();

        assertThat(sink.read(result, "k, name", BIGINT, VARCHAR)).containsExactly(
                "+I[1, one]", "+I[1, one]", "+I[2, null]", "+I[4, null]", "+I[null, null]");
    }

    @Test
    void aLookupThatFailsNamesTheTableAndTheKey() {
        String missing = sink.newTableName("lk_missing");
        String result = sink.newTableName("lk_result");
        runScript(CLICKS + """
                CREATE TABLE names (id BIGINT, name STRING) WITH (%s);
                CREATE TABLE result (k BIGINT, name STRING) WITH (%s);
                INSERT INTO result SELECT c.k, n.name FROM clicks AS c
                JOIN names FOR SYSTEM_TIME AS OF c.pt AS n ON c.k = n.id;
                """.formatted(sink.jdbcOptions(missing, "'lookup.max-retries' = '0'"), sink.jdbcOptions(result)))
                .assertFailedNaming("(database table '" + missing + "')", "looking up key [1] failed after 1 attempt(s)");
    }
}
