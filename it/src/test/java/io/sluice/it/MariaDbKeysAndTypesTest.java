package io.sluice.it;

import static io.sluice.api.types.TypeRoot.INT;
import static io.sluice.api.types.TypeRoot.TIMESTAMP;
import static io.sluice.api.types.TypeRoot.TIMESTAMP_LTZ;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.testing.MySql;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MariaDbKeysAndTypesTest extends KeysAndTypesSuite {
    MariaDbKeysAndTypesTest(@MySql TestDatabase database) {
        super(database);
    }

    /**
     * {@code jdbc:mysql:} connects with MySQL Connector/J and {@code jdbc:mariadb:} with the MariaDB
     * driver; MariaDB announces itself to Connector/J as a server too old for fractional seconds, and
     * still the fractions must be written and read back whole.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdbc:mysql:", "jdbc:mariadb:"})
    void fractionalSecondsSurviveEachDriver(String scheme) throws Exception {
        List<Row> rows = List.of(
                Row.insert(1, LocalDateTime.parse("2026-10-09T12:34:56.789"),
                        LocalDateTime.parse("2026-10-09T12:34:56.123456"), Instant.parse("2026-10-09T12:34:56.000001Z")),
                Row.insert(2, LocalDateTime.parse("1999-12-31T23:59:59.001"),
                        LocalDateTime.parse("1999-12-31T23:59:59.999999"), Instant.parse("1999-12-31T23:59:59.5Z")));
        Path input = writeLines("timestamps.txt", rows.stream().map(RowText::format).toList());
        String table = sink.newTableName("fractions");
        String url = sink.database().jdbcUrl().replaceFirst("^jdbc:[a-z]+:", scheme);
        String columns = "id INT, millis TIMESTAMP(3), micros TIMESTAMP(6), instant TIMESTAMP_LTZ(6)";

        CliRun run = runScript("""
                CREATE TABLE input (%s) WITH ('connector' = 'values', 'path' = '%s');
                CREATE TABLE target (%s, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                INSERT INTO target SELECT * FROM input;
                SELECT * FROM target;
                """.formatted(columns, input, columns, sink.jdbcOptions(table)), Map.of(SinkDatabase.URL_VARIABLE, url))
                .assertSucceeded();

        List<String> expected = rows.stream().map(RowText::format).toList();
        assertThat(sink.read(table, "id, millis, micros, instant", INT, TIMESTAMP, TIMESTAMP, TIMESTAMP_LTZ))
                .containsExactlyElementsOf(expected);
        assertThat(run.stdout().lines().filter(line -> line.startsWith("+I[")).sorted().toList())
                .as("read back through the same driver").containsExactlyElementsOf(expected);
    }
}
