package io.sluice.it;

import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base of the end-to-end suites: each runs SQL scripts through the CLI against one database, given
 * by the subclass ({@code PostgresXTest(@Postgres TestDatabase db)}, {@code MariaDbXTest(@MySql ...)}).
 */
@ExtendWith(TestDatabases.class)
abstract class DatabaseSuite {
    final SinkDatabase sink;

    @TempDir
    Path workDir;

    private int scripts;

    DatabaseSuite(TestDatabase database) {
        this.sink = SinkDatabase.of(database);
    }

    @AfterEach
    void dropCreatedTables() throws SQLException {
        sink.dropCreatedTables();
    }

    /** Runs {@code script} with {@code sluice run}, with the sink database's variables. */
    CliRun runScript(String script, String... moreArguments) {
        return runScript(script, Map.of(), moreArguments);
    }

    /** Runs {@code script} with the sink database's variables, overridden by {@code environment}. */
    CliRun runScript(String script, Map<String, String> environment, String... moreArguments) {
        List<String> arguments = new ArrayList<>(List.of("run", writeScript(script).toString()));
        arguments.addAll(List.of(moreArguments));
        Map<String, String> variables = sink.scriptEnvironment();
        variables.putAll(environment);
        return SluiceCli.run(variables, arguments.toArray(String[]::new));
    }

    /** Writes {@code script} to a new file of the test's directory. */
    Path writeScript(String script) {
        return writeLines("script-" + ++scripts + ".sql", List.of(script));
    }

    /** Writes {@code lines} to the file {@code name} of the test's directory. */
    Path writeLines(String name, Collection<String> lines) {
        try {
            return Files.write(workDir.resolve(name), lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
