package io.sluice.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive as a user meets it: unpacked into an empty directory and run from there with a PATH that
 * holds no Maven, no source tree around it and no database settings in the environment.
 */
class DistributionArchiveIT {
    private static final long TIMEOUT_SECONDS = 180;

    @TempDir
    static Path unpacked;
    @TempDir
    static Path tools;
    private static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        Path archive = Path.of(System.getProperty("sluice.archive"));
        Process tar = new ProcessBuilder("tar", "xzf", archive.toString(), "-C", unpacked.toString())
                .inheritIO().start();
        assertThat(tar.waitFor(60, TimeUnit.SECONDS) && tar.exitValue() == 0).as("tar xzf " + archive).isTrue();
        home = unpacked.resolve("sluice-" + System.getProperty("sluice.version"));
        Files.createSymbolicLink(tools.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        linkEveryCommandButMaven();
    }

    /** The machine's commands (the embedded database runs a few) minus Maven's, plus this test's Java. */
    private static void linkEveryCommandButMaven() throws IOException {
        for (String directory : System.getenv("PATH").split(":")) {
            Path path = Path.of(directory);
            if (!Files.isDirectory(path)) {
                continue;
            }
            try (var commands = Files.list(path)) {
                for (Path command : (Iterable<Path>) commands::iterator) {
                    Path link = tools.resolve(command.getFileName().toString());
                    if (!command.getFileName().toString().startsWith("mvn") && Files.isExecutable(command)
                            && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, command);
                    }
                }
            }
        }
    }

    @Test
    void holdsTheLauncherLibrariesConfigurationExamplesAndLicense() {
        assertThat(home.resolve("bin/sluice")).isExecutable();
        assertThat(home.resolve("lib")).isDirectoryContaining("glob:**/sluice-cli-*.jar")
                .isDirectoryContaining("glob:**/postgresql-*.jar");
        assertThat(home.resolve("conf/sluice.properties")).isRegularFile();
        assertThat(home.resolve("conf/logback.xml")).isRegularFile();
        assertThat(home.resolve("examples/word-count.sql")).isRegularFile();
        assertThat(home.resolve("examples/nexmark/q5.sql")).isRegularFile();
        assertThat(home.resolve("LICENSE")).content().contains("Apache License");
    }

    @Test
    void runsTheMainExampleOnItsEmbeddedDatabase() throws Exception {
        Run run = sluice("run", "examples/word-count.sql");

        assertThat(run.exit()).as(run.stderr()).isZero();
        assertThat(run.stdout().lines()).contains("+I[to, 2]", "+I[be, 2]", "+I[question, 1]");
    }

    @Test
    void aLogConfigurationOfTheUsersOwnTakesOver() throws Exception {
        Path log = home.resolve("sluice.log");
        Path config = home.resolve("to-a-file.xml");
        Files.writeString(config, """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <encoder><pattern>%%level %%logger{0} %%msg%%n</pattern></encoder>
                  </appender>
                  <logger name="io.sluice" level="INFO"/>
                  <root level="WARN"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(log));

        Run run = sluice(Map.of("SLUICE_LOG_CONFIG", config.toString()), "run", "examples/word-count.sql");

        assertThat(run.exit()).as(run.stderr()).isZero();
        assertThat(log).content().contains("INFO", "Embedded PostgreSQL");
        assertThat(run.stderr()).doesNotContain("Embedded PostgreSQL");
    }

    @Test
    void aFailingScriptNamesItsLineAndColumnWithoutAStackTrace() throws Exception {
        Files.writeString(home.resolve("broken.sql"), "CREATE TABLE t (a INT) WITH ('connector' = 'blackhole');\n"
                + "INSERT INTO t SELECT nope FROM t;\n");

        Run run = sluice("run", "broken.sql");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).contains("ERROR: broken.sql, line 2, column 22").doesNotContain("\tat ");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void versionNamesTheVersionAndTheCommit() throws Exception {
        Run run = sluice("--version");

        assertThat(run.exit()).isZero();
        assertThat(run.stdout().strip()).startsWith("sluice " + System.getProperty("sluice.version") + " (commit ");
    }

    @Test
    void theDefaultOptionsOfConfApplyToEveryScript() throws Exception {
        Path conf = home.resolve("conf/sluice.properties");
        String shipped = Files.readString(conf);
        Files.writeString(home.resolve("show.sql"), "SET;\n");
        try {
            Files.writeString(conf, shipped + "table.exec.mini-batch.size = 777\n");
            Run run = sluice("run", "show.sql");
            assertThat(run.exit()).as(run.stderr()).isZero();
            assertThat(run.stdout()).contains("table.exec.mini-batch.size", "777");
        } finally {
            Files.writeString(conf, shipped);
        }
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    private static Run sluice(String... args) throws IOException, InterruptedException {
        return sluice(Map.of(), args);
    }

    private static Run sluice(Map<String, String> variables, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(home.resolve("bin/sluice").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.put("PATH", tools.toString());
        environment.put("HOME", home.toString());
        environment.put("SLUICE_JAVA_OPTS", "-Djava.io.tmpdir=" + Files.createTempDirectory(unpacked, "tmp"));
        environment.putAll(variables);
        Path stdout = Files.createTempFile(unpacked, "out", ".txt");
        Path stderr = Files.createTempFile(unpacked, "err", ".txt");
        Process process = builder.redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("bin/sluice " + String.join(" ", args) + " ran longer than " + TIMEOUT_SECONDS
                    + " s; stderr: " + Files.readString(stderr));
        }
        return new Run(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
