package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static java.util.concurrent.TimeUnit.MINUTES;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.it.SinkDatabase.SinkSessions;
import io.sluice.testing.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Fault injection: the sink's sessions are killed by the database while a job writes small flushes.
 * The flushes that failed are retried on new connections and the final table is exact.
 */
abstract class ConnectionKillSuite extends DatabaseSuite {
    private static final int ROWS = 6_000;
    private static final int ROWS_PER_SECOND = 3_000;
    private static final int KILLS = 3;
    private static final long POLL_MILLIS = 20;

    ConnectionKillSuite(TestDatabase database) {
        super(database);
    }

    /**
     * Every key is written exactly once, so a flush whose rows were dropped after a failure would leave
     * keys missing, and a retry that wrote wrong values would show.
     */
    @Test
    void flushesAreRetriedAfterTheSinkSessionsAreKilled() throws Exception {
        String table = sink.newTableName("killed_sink");
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (SinkSessions sessions = sink.sinkSessions(TestDatabase.uniqueName("kill"))) {
            String script = """
                    SET 'parallelism.default' = '1';
                    CREATE TABLE gen (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '%d',
                      'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%d');
                    CREATE TABLE target (id BIGINT, tripled BIGINT, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                    INSERT INTO target SELECT id, id * 3 AS tripled FROM gen;
                    """.formatted(ROWS_PER_SECOND, ROWS, sink.jdbcOptions(table,
                    "'sink.buffer-flush.max-rows' = '20'", "'sink.buffer-flush.interval' = '10ms'",
                    "'sink.max-retries' = '10'", "'sink.retry.backoff' = '20ms'"));
            Future<CliRun> job = executor.submit(
                    () -> runScript(script, Map.of(SinkDatabase.URL_VARIABLE, sessions.jdbcUrl())));

            int killed = killWhileRunning(job, sessions, sessions.qualified(table));

            job.get(2, MINUTES).assertSucceeded();
            assertThat(killed).as("sink sessions killed while the job ran").isPositive();
            assertThat(sink.read(sessions.qualified(table), "id, tripled", BIGINT, BIGINT))
                    .containsExactlyElementsOf(expectedRows());
        } finally {
            executor.shutdownNow();
        }
    }

    /** Kills the sink's sessions {@value #KILLS} times, spread over the job by the rows committed. */
    private int killWhileRunning(Future<CliRun> job, SinkSessions sessions, String table) throws Exception {
        int killed = 0;
        int kills = 0;
        while (kills < KILLS && !job.isDone()) {
            if (committedRows(table) >= (kills + 1L) * ROWS / (KILLS + 2)) {
                killed += sessions.killAll();
                kills++;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return killed;
    }

    private long committedRows(String table) {
        try {
            return sink.count(table);
        } catch (SQLException e) {
            return 0; // the sink has not created the table yet
        }
    }

    private static List<String> expectedRows() {
        return LongStream.rangeClosed(1, ROWS).mapToObj(id -> RowText.format(Row.insert(id, 3 * id))).sorted()
                .toList();
    }
}
