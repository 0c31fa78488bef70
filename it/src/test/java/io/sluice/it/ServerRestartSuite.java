package io.sluice.it;

import static java.util.concurrent.TimeUnit.MINUTES;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestDatabase;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault injection: the database server stops and starts again, or freezes, while a job writes. The sink
 * waits for new connections and retries its failed flushes until the server is back, and the final
 * table is exact. The server is the test's own, on its own port
 * and data directory: the machine's shared services are never stopped.
 */
abstract class ServerRestartSuite {
    /** How long the server stays down: long enough for several flushes to fail and be retried. */
    private static final long OUTAGE_MILLIS = 1_000;

    @TempDir
    Path workDir;

    /** A database server of the test's own that can be stopped and started again. */
    interface RestartableServer extends AutoCloseable {
        /** Where the sink writes: a database of this server. */
        TestDatabase database();

        /** Stops the server, keeping its data. */
        void stop() throws Exception;

        /** Starts the server again on the same port and data, returning once it answers. */
        void start() throws Exception;

        /** The server's running processes, for a test to freeze them all at once. */
        List<ProcessHandle> processes() throws Exception;

        /** Stops the server if it runs; never throws when it was stopped already. */
        @Override
        void close() throws Exception;
    }

    /** Starts a server listening on {@code port}, with its files in {@code directory}. */
    abstract RestartableServer startServer(int port, Path directory) throws Exception;

    @Test
    void jobConvergesThroughAServerRestart() throws Exception {
        convergesThrough("restarted", server -> {
            server.stop();
            Thread.sleep(OUTAGE_MILLIS);
            server.start();
        }, "'sink.max-retries' = '10'", "'connection.max-retry-timeout' = '2s'");
    }

    /**
     * The server's processes are stopped (SIGSTOP) while the job writes, as a hung host would be: the
     * connection stays open and nothing answers. The socket timeout ends each wait, the flush is
     * retried, and once the processes continue (SIGCONT) the job finishes with the exact table.
     */
    @Test
    void jobConvergesThroughAFrozenServerProcess() throws Exception {
        convergesThrough("frozen", server -> {
            List<ProcessHandle> processes = server.processes();
            signal("STOP", processes);
            try {
                Thread.sleep(OUTAGE_MILLIS * 3);
            } finally {
                signal("CONT", processes);
            }
        }, "'sink.max-retries' = '20'", "'connection.max-retry-timeout' = '1s'", "'connection.socket-timeout' = '1 s'",
                "'connection.connect-timeout' = '1 s'");
    }

    /** What happens to the server while the job writes. */
    @FunctionalInterface
    private interface Outage {
        void hit(RestartableServer server) throws Exception;
    }

    /**
     * Runs the sequence job into {@code table} of a server of the test's own, with small flushes and
     * {@code retryOptions}; a third of the way in, {@code outage} hits the server. The job must succeed
     * with the exact table.
     */
    private void convergesThrough(String table, Outage outage, String... retryOptions) throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (RestartableServer server = startServer(freePort(), workDir.resolve("server"))) {
            SinkDatabase sink = SinkDatabase.of(server.database());
            sink.execute(SequenceJob.createTable(table));
            List<String> options = new ArrayList<>(List.of("'sink.buffer-flush.max-rows' = '20'",
                    "'sink.buffer-flush.interval' = '10ms'", "'sink.retry.backoff' = '100ms'"));
            options.addAll(List.of(retryOptions));
            String script = SequenceJob.script(sink.jdbcOptions(table, options.toArray(String[]::new)));
            Path scriptFile = Files.writeString(workDir.resolve("job.sql"), script);
            Future<CliRun> job = executor.submit(
                    () -> SluiceCli.run(sink.scriptEnvironment(), "run", scriptFile.toString()));

            assertThat(SequenceJob.awaitRows(sink, table, SequenceJob.ROWS / 3, job))
                    .as("the job still runs when the outage begins").isTrue();
            outage.hit(server);

            job.get(2, MINUTES).assertSucceeded();
            assertThat(SequenceJob.read(sink, table)).containsExactlyElementsOf(SequenceJob.expectedRows());
        } finally {
            executor.shutdownNow();
        }
    }

    /** Sends {@code signal} to each process; one that ended meanwhile (a backend closing) needs none. */
    private static void signal(String signal, List<ProcessHandle> processes) throws Exception {
        for (ProcessHandle process : processes) {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            int exitCode = kill.waitFor();
            assertThat(exitCode == 0 || !process.isAlive()).as("kill -%s %d succeeded", signal, process.pid())
                    .isTrue();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
