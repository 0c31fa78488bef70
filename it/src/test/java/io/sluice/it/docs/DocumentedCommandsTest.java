package io.sluice.it.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.sluice.it.docs.SluiceInProcess.Outcome;
import io.sluice.testing.MySql;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every command the documentation shows runs as written, and prints what the page says it prints.
 * The {@code ./sluice} command lines and {@code ```sql} scripts of README.md and docs/*.md run through
 * the CLI's entry point in this JVM, with the test databases in {@code SLUICE_PG_URL} and
 * {@code SLUICE_MYSQL_URL} (a fresh schema and database, so that the examples start from empty tables).
 * Samples a page marks {@code <!-- no-run: reason -->} are reported as skipped with their reason.
 */
@ExtendWith(TestDatabases.class)
class DocumentedCommandsTest {
    private static final Path ROOT = DocumentationPages.repositoryRoot();
    private static ScratchDatabases scratch;

    @BeforeAll
    static void createScratchSpace(@Postgres TestDatabase postgres, @MySql TestDatabase mysql) throws SQLException {
        scratch = ScratchDatabases.create(postgres, mysql);
    }

    @AfterAll
    static void dropScratchSpace() throws SQLException {
        if (scratch != null) {
            scratch.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandAndScriptRuns() throws IOException {
        List<DocSample> samples = DocumentationPages.samples();
        long skipped = samples.stream().filter(s -> !s.runs()).count();
        System.out.printf("Documentation samples: %d, run %d, marked no-run %d%n", samples.size(),
                samples.size() - skipped, skipped);
        samples.stream().filter(s -> !s.runs()).forEach(s -> System.out.println("  no-run " + s + ": "
                + s.noRunReason()));
        return samples.stream().map(sample -> dynamicTest(sample.toString(), () -> run(sample)));
    }

    @Test
    void everyExampleIsShownInTheDocumentation() throws IOException {
        List<String> shown = DocumentationPages.samples().stream()
                .filter(s -> s.kind() == DocSample.Kind.COMMAND)
                .flatMap(s -> CommandLineWords.parse(s.text()).arguments().stream())
                .toList();
        try (Stream<Path> examples = Files.list(ROOT.resolve("examples"))) {
            List<String> scripts = examples.map(p -> "examples/" + p.getFileName())
                    .filter(name -> name.endsWith(".sql")).toList();
            assertThat(shown).as("commands in README.md and docs/*.md").containsAll(scripts);
        }
    }

    private static void run(DocSample sample) throws IOException {
        Assumptions.assumeTrue(sample.runs(), () -> "marked no-run: " + sample.noRunReason());
        Outcome outcome = sample.kind() == DocSample.Kind.COMMAND ? runCommand(sample.text()) : runScript(sample.text());
        assertThat(outcome.exitCode()).as("exit code of %s; stderr:%n%s", sample, outcome.stderr()).isZero();
        if (sample.expectedStdout() != null) {
            assertThat(nonBlankLines(outcome.stdout()))
                    .as("stdout of %s (any order) against the page's ```stdout block; stderr:%n%s", sample,
                            outcome.stderr())
                    .containsExactlyInAnyOrderElementsOf(nonBlankLines(sample.expectedStdout()));
        }
    }

    private static Outcome runCommand(String line) {
        CommandLineWords command = CommandLineWords.parse(line);
        Map<String, String> environment = new HashMap<>(scratch.environment());
        environment.putAll(command.environment());
        List<String> arguments = new ArrayList<>();
        for (String argument : command.arguments()) {
            // Paths in the docs are relative to the repository root, where a reader runs ./sluice.
            boolean file = !argument.startsWith("-") && Files.exists(ROOT.resolve(argument));
            arguments.add(file ? ROOT.resolve(argument).toString() : argument);
        }
        return SluiceInProcess.run(environment, arguments.toArray(String[]::new));
    }

    private static Outcome runScript(String script) throws IOException {
        Path file = Files.createTempFile("doc-sample-", ".sql");
        try {
            Files.writeString(file, script, StandardCharsets.UTF_8);
            return SluiceInProcess.run(scratch.environment(), "run", file.toString());
        } finally {
            Files.delete(file);
        }
    }

    private static List<String> nonBlankLines(String text) {
        return text.lines().map(String::stripTrailing).filter(line -> !line.isBlank()).toList();
    }
}
