package io.sluice.it;

import static java.util.concurrent.TimeUnit.MINUTES;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault injection: the database server stops and starts again while a job writes. The sink retries
 * until the server is back, and the final table is exact. The server is an embedded PostgreSQL of
 * this test's own on its own port and data directory: the machine's shared services are never stopped.
 */
class PostgresServerRestartTest {
    @TempDir
    Path workDir;

    @Test
    void jobConvergesThroughAServerRestart() throws Exception {
        int port = freePort();
        Path data = workDir.resolve("data");
        EmbeddedPostgres server = startServer(port, data);
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            SinkDatabase sink = SinkDatabase.of(new TestDatabase(TestDatabase.Kind.POSTGRES,
                    TestDatabase.Source.EMBEDDED, "jdbc:postgresql://localhost:" + port + "/postgres", "postgres",
                    "", "the PostgreSQL server of this test"));
            String table = "restarted";
            sink.execute(SequenceJob.createTable(table));
            String script = SequenceJob.script(sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '20'",
                    "'sink.buffer-flush.interval' = '10ms'", "'sink.max-retries' = '10'",
                    "'sink.retry.backoff' = '100ms'"));
            Path scriptFile = Files.writeString(workDir.resolve("job.sql"), script);
            Future<CliRun> job = executor.submit(
                    () -> SluiceCli.run(sink.scriptEnvironment(), "run", scriptFile.toString()));

            assertThat(SequenceJob.awaitRows(sink, table, SequenceJob.ROWS / 3, job))
                    .as("the job still runs when the server stops").isTrue();
            server.close();
            server = startServer(port, data);

            job.get(2, MINUTES).assertSucceeded();
            assertThat(SequenceJob.read(sink, table)).containsExactlyElementsOf(SequenceJob.expectedRows());
        } finally {
            executor.shutdownNow();
            server.close();
        }
    }

    /** Starts the server on {@code port}, keeping the data of an earlier start in {@code data}. */
    private static EmbeddedPostgres startServer(int port, Path data) throws IOException {
        return EmbeddedPostgres.builder().setPort(port).setDataDirectory(data).setCleanDataDirectory(false).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
