package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void anUnterminatedLiteralFailsWithLineAndColumn(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("bad.sql"), "SET 'a' = '1';\n  SELECT 'oops;\n");

        int exit = run("run", script.toString());

        assertThat(exit).isEqualTo(Main.EXIT_FAILED);
        assertThat(err()).startsWith("ERROR: ").contains("line 2, column 10").contains("Unterminated string literal");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aMissingFileIsAUsageError(@TempDir Path dir) {
        assertThat(run("run", dir.resolve("nope.sql").toString())).isEqualTo(Main.EXIT_USAGE);
        assertThat(err()).contains("no such file");
    }

    @Test
    void helpGoesToStdout() {
        assertThat(run("--help")).isEqualTo(Main.EXIT_OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: sluice");
    }

    /** The build fills in the version and, in a git clone such as this one, the commit. */
    @Test
    void versionNamesTheProjectVersionAndTheCommit() {
        assertThat(run("--version")).isEqualTo(Main.EXIT_OK);
        assertThat(out.toString(StandardCharsets.UTF_8).strip())
                .matches("sluice \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit [0-9a-f]{7,}\\)");
    }

    @Test
    void logLevelSetsTheLevelOfSluicesOwnLoggersForTheRun() {
        org.slf4j.Logger sluice = org.slf4j.LoggerFactory.getLogger("io.sluice.cli.MainTest");
        assertThat(sluice.isDebugEnabled()).as("logback.xml: INFO").isFalse();
        try {
            assertThat(run("--log-level", "debug", "--version")).isEqualTo(Main.EXIT_OK);
            assertThat(sluice.isDebugEnabled()).isTrue();
            assertThat(org.slf4j.LoggerFactory.getLogger("org.apache.kafka.x").isInfoEnabled()).as("others unchanged")
                    .isFalse();
        } finally {
            run("--log-level", "info", "--version");
        }
    }

    private int run(String... args) {
        return Main.run(args, java.util.Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
