package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

/**
 * A job to disturb while it runs: ids 1 to {@value #ROWS} generated at a steady rate, written as
 * {@code (id, id * 3)} into a keyed table with small flushes. Every key is written exactly once, so a
 * flush whose rows were dropped after a failure shows as missing keys, and a wrong retry as wrong values.
 */
final class SequenceJob {
    static final int ROWS = 6_000;
    private static final int ROWS_PER_SECOND = 3_000;
    private static final long POLL_MILLIS = 20;

    private SequenceJob() {
    }

    /** The table the job writes to, created up front so that it can be watched from the start. */
    static String createTable(String table) {
        return "CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, tripled BIGINT)";
    }

    /** The script, writing to a {@code jdbc} table with {@code targetOptions}. */
    static String script(String targetOptions) {
        return """
                SET 'parallelism.default' = '1';
                CREATE TABLE gen (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '%d',
                  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%d');
                CREATE TABLE target (id BIGINT, tripled BIGINT, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                INSERT INTO target SELECT id, id * 3 AS tripled FROM gen;
                """.formatted(ROWS_PER_SECOND, ROWS, targetOptions);
    }

    /**
     * Waits until {@code table} holds at least {@code rows} rows.
     *
     * @return false when the job ended first
     */
    static boolean awaitRows(SinkDatabase sink, String table, long rows, Future<?> job)
            throws SQLException, InterruptedException {
        while (sink.count(table) < rows) {
            if (job.isDone()) {
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }

    static List<String> read(SinkDatabase sink, String table) throws SQLException {
        return sink.read(table, "id, tripled", BIGINT, BIGINT);
    }

    static List<String> expectedRows() {
        return LongStream.rangeClosed(1, ROWS).mapToObj(id -> RowText.format(Row.insert(id, 3 * id))).sorted()
                .toList();
    }
}
