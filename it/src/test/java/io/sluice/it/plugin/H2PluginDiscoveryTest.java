package io.sluice.it.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.it.docs.SluiceInProcess;
import io.sluice.it.docs.SluiceInProcess.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The H2 dialect of examples/dialect-plugin is found through the classpath alone: nothing in Sluice
 * names it, yet a script with a {@code jdbc:h2:} URL writes into H2 and reads the table back.
 */
class H2PluginDiscoveryTest {
    private static final String URL = "jdbc:h2:mem:plugin_discovery;DB_CLOSE_DELAY=-1";

    @TempDir
    Path directory;

    @Test
    void aScriptWritesIntoH2ThroughThePlugInDialect() throws Exception {
        Path script = write("""
                CREATE TABLE words (word STRING) WITH ('connector' = 'values', 'rows' = '+I[to]
                +I[be]
                +I[or]
                +I[to]');
                CREATE TABLE word_counts (word VARCHAR(64), cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) WITH (
                  'connector' = 'jdbc', 'url' = '%s', 'table-name' = 'word_counts', 'sink.auto-create' = 'true');
                INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word;
                SELECT word, cnt FROM word_counts;
                """.formatted(URL));

        Outcome outcome = SluiceInProcess.run(Map.of(), "run", script.toString());

        assertThat(outcome.exitCode()).as("exit code; stderr:%n%s", outcome.stderr()).isZero();
        assertThat(outcome.stdout().lines()).containsExactlyInAnyOrder("+I[to, 2]", "+I[be, 1]", "+I[or, 1]");
        assertThat(rowsInH2()).containsExactlyInAnyOrder("to=2", "be=1", "or=1");
    }

    @Test
    void aUrlNoDialectTakesListsThePlugInAmongTheDialects() throws Exception {
        Path script = write("""
                CREATE TABLE ids (id BIGINT) WITH ('connector' = 'values', 'rows' = '+I[1]');
                CREATE TABLE t (id BIGINT, PRIMARY KEY (id) NOT ENFORCED)
                  WITH ('connector' = 'jdbc', 'url' = 'jdbc:sqlite:sluice.db', 'table-name' = 't');
                INSERT INTO t SELECT id FROM ids;
                """);

        Outcome outcome = SluiceInProcess.run(Map.of(), "run", script.toString());

        assertThat(outcome.exitCode()).isNotZero();
        assertThat(outcome.stderr()).contains("'jdbc:sqlite:'").contains("[h2, mysql, postgres]");
    }

    private List<String> rowsInH2() throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(URL);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT \"word\", \"cnt\" FROM \"word_counts\"")) {
            while (result.next()) {
                rows.add(result.getString(1) + "=" + result.getLong(2));
            }
        }
        return rows;
    }

    private Path write(String script) throws Exception {
        Path file = directory.resolve("script.sql");
        Files.writeString(file, script, StandardCharsets.UTF_8);
        return file;
    }
}
