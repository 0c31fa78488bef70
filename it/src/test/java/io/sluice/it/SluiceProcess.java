package io.sluice.it;

import io.sluice.cli.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** {@code sluice} in a JVM of its own, with this test's classpath: a process a test can kill like a crash. */
final class SluiceProcess implements AutoCloseable {
    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private SluiceProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts {@code sluice <arguments>}; its output goes to files in {@code directory}. */
    static SluiceProcess start(Map<String, String> environment, Path directory, String... arguments)
            throws IOException {
        // The client compiler alone starts planning sooner; the job it runs is rate-limited anyway.
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(arguments));
        Path stdout = Files.createTempFile(directory, "sluice-", ".out");
        Path stderr = Files.createTempFile(directory, "sluice-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        builder.environment().putAll(environment);
        return new SluiceProcess(builder.start(), stdout, stderr);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Sends SIGINT, as Ctrl-C in a terminal does. */
    void interrupt() throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -INT " + process.pid() + " failed");
        }
    }

    /** Sends SIGTERM, as a service manager stopping the process does. */
    void terminate() throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -TERM " + process.pid() + " failed");
        }
    }

    /** Waits up to {@code timeout} for the process to end; true when it did. */
    boolean awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    int exitCode() {
        return process.exitValue();
    }

    /** Kills the process at once, as a crash would: no shutdown hooks, no final flush. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** What the process wrote to stdout so far. */
    String stdout() throws IOException {
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    /** What the process wrote to stderr so far. */
    String stderr() throws IOException {
        return Files.readString(stderr, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
