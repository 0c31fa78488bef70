package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.it.docs.DocumentationPages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Nexmark query in {@code examples/nexmark} runs, as its header says, over a short seeded stream:
 * plans, runs to the end of the stream and reaches its sink. Their results are checked against
 * PostgreSQL in {@link PostgresNexmarkResultsTest}.
 */
class NexmarkQueriesRunTest {
    private static final Path EXAMPLES = DocumentationPages.repositoryRoot().resolve("examples/nexmark");

    static Stream<String> queries() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.matches("q\\d+\\.sql"))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void theQueryRunsToTheEndOfTheStream(String query) {
        CliRun run = SluiceCli.run(Map.of("NEXMARK_EVENTS", "5000", "NEXMARK_SEED", "3", "NEXMARK_SIDE_INPUT",
                EXAMPLES.resolve("side_input.txt").toString()), "run", "-i",
                EXAMPLES.resolve("ddl.sql").toString(), EXAMPLES.resolve(query).toString()).assertSucceeded();
        assertThat(run.stderr()).contains("Job ended: rows in 5,000");
    }
}
