package io.sluice.it;

import static java.util.concurrent.TimeUnit.MINUTES;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.it.SinkDatabase.SinkSessions;
import io.sluice.testing.TestDatabase;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Fault injection: the database kills the sink's sessions while a job writes small flushes. The
 * flushes that failed are retried on new connections and the final table is exact.
 */
abstract class ConnectionKillSuite extends DatabaseSuite {
    private static final int KILLS = 3;

    ConnectionKillSuite(TestDatabase database) {
        super(database);
    }

    @Test
    void flushesAreRetriedAfterTheSinkSessionsAreKilled() throws Exception {
        String table = sink.newTableName("killed_sink");
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (SinkSessions sessions = sink.sinkSessions(TestDatabase.uniqueName("kill"))) {
            String qualifiedTable = sessions.qualified(table);
            sink.execute(SequenceJob.createTable(qualifiedTable));
            String script = SequenceJob.script(sink.jdbcOptions(table,
                    "'sink.buffer-flush.max-rows' = '20'", "'sink.buffer-flush.interval' = '10ms'",
                    "'sink.max-retries' = '10'", "'sink.retry.backoff' = '20ms'"));
            Future<CliRun> job = executor.submit(
                    () -> runScript(script, Map.of(SinkDatabase.URL_VARIABLE, sessions.jdbcUrl())));

            int killed = 0;
            for (int kill = 1; kill <= KILLS; kill++) {
                // Spread the kills over the job by the rows it committed.
                if (SequenceJob.awaitRows(sink, qualifiedTable, (long) kill * SequenceJob.ROWS / (KILLS + 2), job)) {
                    killed += sessions.killAll();
                }
            }

            job.get(2, MINUTES).assertSucceeded();
            assertThat(killed).as("sink sessions killed while the job ran").isPositive();
            assertThat(SequenceJob.read(sink, qualifiedTable)).containsExactlyElementsOf(SequenceJob.expectedRows());
        } finally {
            executor.shutdownNow();
        }
    }
}
