package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.MySql;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A password given to Sluice never reaches the terminal, whichever way an error echoes it: the
 * statement parser quoting the token it did not expect, a driver quoting the URL it could not parse,
 * a server quoting the user name the driver took the password into, a driver's own log line, a stack
 * trace ({@code --verbose}). Each script runs in a {@code sluice} process of its own, so stdout, stderr
 * and the logs are all that a user would see.
 */
@ExtendWith(TestDatabases.class)
class SecretsNeverPrintedTest {
    private static final String SECRET = "Pa55-SECRET-xyz";
    private static final String SOURCE = "CREATE TABLE src (id INT) WITH ('connector' = 'values', 'rows' = '+I[1]');\n";
    private static final String INSERT = "INSERT INTO t SELECT id FROM src;\n";
    private static final String FAIL_FAST = "'sink.max-retries' = '0', 'connection.connect-timeout' = '3 s'";

    private final TestDatabase postgres;
    private final TestDatabase mariaDb;

    @TempDir
    Path workDir;

    SecretsNeverPrintedTest(@Postgres TestDatabase postgres, @MySql TestDatabase mariaDb) {
        this.postgres = postgres;
        this.mariaDb = mariaDb;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"missing equals sign", "user-info of a mysql url", "password property of a mariadb url",
        "password property of a mysql url", "password option, wrong user, postgres", "password option, wrong user, mariadb"})
    void noPathPrintsThePassword(String path) throws Exception {
        String table = switch (path) {
            case "missing equals sign" -> jdbcTable(postgres.jdbcUrl(), "'password' '" + SECRET + "'");
            case "user-info of a mysql url" -> jdbcTable("jdbc:mysql://someone:" + SECRET + "@127.0.0.1:1/db?password="
                    + SECRET, FAIL_FAST);
            case "password property of a mariadb url" -> jdbcTable(withHostOf(mariaDb, "jdbc:mariadb:")
                    + "?user=someone;password=" + SECRET, FAIL_FAST);
            case "password property of a mysql url" -> jdbcTable(withHostOf(mariaDb, "jdbc:mysql:")
                    + "?user=someone;password=" + SECRET, FAIL_FAST);
            case "password option, wrong user, postgres" -> jdbcTable(postgres.jdbcUrl(),
                    "'username' = 'no_such_user', 'password' = '" + SECRET + "', " + FAIL_FAST);
            case "password option, wrong user, mariadb" -> jdbcTable(mariaDb.jdbcUrl(),
                    "'username' = 'no_such_user', 'password' = '" + SECRET + "', " + FAIL_FAST);
            default -> throw new IllegalArgumentException(path);
        };
        Path script = Files.writeString(workDir.resolve("script.sql"), SOURCE + table + INSERT);

        try (SluiceProcess run = SluiceProcess.start(Map.of(), workDir, "run", script.toString(), "--verbose")) {
            assertThat(run.awaitExit(Duration.ofMinutes(1))).as("sluice ended; stderr:%n%s", run.stderr()).isTrue();
            String printed = run.stdout() + run.stderr();
            assertThat(run.exitCode()).as("exit code; output:%n%s", printed).isNotZero();
            assertThat(run.stderr()).contains("ERROR:");
            assertThat(printed).doesNotContain(SECRET);
            if (path.contains("url") && !printed.contains("does not exist")) {
                // The URL is shown masked; the server's answer, if it quotes the user, too.
                assertThat(printed).as("the error took the path of its case").contains("password=******");
            }
        }
        assertThat(Files.readString(script, StandardCharsets.UTF_8)).contains(SECRET);
    }

    /** A user's own Logback configuration: every logger at DEBUG into a file, HikariCP's URL line included. */
    @Test
    void aLogFileAtDebugHoldsNoPassword() throws Exception {
        Path log = workDir.resolve("sluice.log");
        Path config = Files.writeString(workDir.resolve("logback.xml"), """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <encoder><pattern>%%level %%logger - %%msg%%n%%ex</pattern></encoder>
                  </appender>
                  <root level="DEBUG"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(log));
        String table = jdbcTable(withHostOf(mariaDb, "jdbc:mysql:").replace("//", "//someone:" + SECRET + "@"),
                FAIL_FAST);
        Path script = Files.writeString(workDir.resolve("script.sql"), SOURCE + table + INSERT);

        try (SluiceProcess run = SluiceProcess.start(Map.of("JAVA_TOOL_OPTIONS", "-Dlogback.configurationFile="
                + config), workDir, "run", script.toString())) {
            assertThat(run.awaitExit(Duration.ofMinutes(1))).as("sluice ended; stderr:%n%s", run.stderr()).isTrue();
            assertThat(run.exitCode()).isNotZero();
        }
        String logged = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(logged).as("the file has HikariCP's DEBUG lines").contains("HikariConfig - jdbcUrl")
                .doesNotContain(SECRET);
    }

    private static String jdbcTable(String url, String options) {
        return "CREATE TABLE t (id INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'jdbc', 'url' = '" + url
                + "', 'table-name' = 'never_written', " + options + ");\n";
    }

    /** The URL of {@code database} without its query, with {@code scheme}. */
    private static String withHostOf(TestDatabase database, String scheme) {
        return database.jdbcUrl().replaceFirst("^jdbc:[a-z]+:", scheme).replaceFirst("[?;].*$", "");
    }
}
