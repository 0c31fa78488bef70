package io.sluice.it.exactlyonce;

import io.sluice.cli.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs {@code sluice run script} in a JVM of its own and kills it with
 * SIGKILL at random moments once the job is under way (it wrote a new checkpoint in this run), so
 * that kills land before, during and after checkpoint commits. Each next run resumes with
 * {@code --restore} from the newest checkpoint; the last run goes to the end.
 */
final class KilledJob {
    private static final long RUN_TIMEOUT_SECONDS = 120;

    private final String classpath;
    private final Path script;
    private final Path jobCheckpoints;
    private final Path logDirectory;
    private final Map<String, String> environment;
    private final Random random;
    private int runs;

    /** @param classpath the job processes' classpath, with the CLI and the connectors */
    KilledJob(String classpath, Path script, Path jobCheckpoints, Path logDirectory, Map<String, String> environment,
              long seed) {
        this.classpath = classpath;
        this.script = script;
        this.jobCheckpoints = jobCheckpoints;
        this.logDirectory = logDirectory;
        this.environment = environment;
        this.random = new Random(seed);
    }

    /** Kills the job {@code kills} times, each after up to {@code maxDelayMillis} into its run, then runs it to the end. */
    void run(int kills, long maxDelayMillis) throws Exception {
        for (int kill = 0; kill < kills; kill++) {
            Process process = start();
            long newestBefore = newestCheckpoint();
            while (newestCheckpoint() <= newestBefore && process.isAlive()) {
                Thread.sleep(5);
            }
            if (!process.isAlive()) {
                throw new AssertionError("The job ended before kill " + (kill + 1) + " of " + kills
                        + " (the kills come too late for its length); stderr:\n" + stderr());
            }
            Thread.sleep(random.nextLong(maxDelayMillis + 1));
            process.destroyForcibly();
            process.waitFor();
        }
        Process last = start();
        if (!last.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS) || last.exitValue() != 0) {
            last.destroyForcibly();
            throw new AssertionError("The last run did not succeed; stderr:\n" + stderr());
        }
    }

    private Process start() throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classpath, Main.class.getName(), "run",
                script.toString()));
        if (newestCheckpoint() >= 0) {
            command.addAll(List.of("--restore", jobCheckpoints.toString()));
        }
        runs++;
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(logDirectory.resolve("run-" + runs + ".out").toFile())
                .redirectError(logDirectory.resolve("run-" + runs + ".err").toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    private String stderr() throws IOException {
        return Files.readString(logDirectory.resolve("run-" + runs + ".err"), StandardCharsets.UTF_8);
    }

    /** The id of the newest completed checkpoint, or -1. */
    private long newestCheckpoint() throws IOException {
        if (!Files.isDirectory(jobCheckpoints)) {
            return -1;
        }
        try (Stream<Path> entries = Files.list(jobCheckpoints)) {
            return entries.map(p -> p.getFileName().toString()).filter(name -> name.matches("chk-\\d+"))
                    .mapToLong(name -> Long.parseLong(name.substring(4))).max().orElse(-1);
        }
    }
}
