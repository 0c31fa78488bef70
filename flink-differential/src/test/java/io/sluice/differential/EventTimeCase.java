package io.sluice.differential;

import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One generated case: the rows of a watermarked table {@code t (k STRING, v INT, ts TIMESTAMP(3))}, in
 * the order both engines read them, and a query over it.
 *
 * @param delaySeconds the watermark's delay: {@code WATERMARK FOR ts AS ts - INTERVAL 'd' SECOND}
 * @param query        the query, reading the table as {@code t}
 */
record EventTimeCase(long seed, int delaySeconds, List<Input> rows, String query) {

    /** One input row; the time is whole seconds, so every watermark step is past the emit interval. */
    record Input(String k, Integer v, LocalDateTime ts) {
        /** The row in the text form of the values connector and of Flink's Row.toString(). */
        String text() {
            return "+I[" + k + ", " + v + ", " + ts + "]";
        }
    }

    String watermark() {
        return "ts - INTERVAL '" + delaySeconds + "' SECOND";
    }

    /** The query over a table of another name. */
    String queryOver(String table) {
        return query.replaceAll("\\bt\\b", table);
    }

    /** A script that runs the case on its own with {@code ./sluice run}, for a failure's report. */
    String sluiceScript() {
        return "SET 'parallelism.default' = '1';\n"
                + "CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS " + watermark() + ")\n"
                + "  WITH ('connector' = 'values', 'rows' = '"
                + rows.stream().map(Input::text).collect(Collectors.joining("\n")) + "');\n"
                + query + ";\n";
    }

    /** The same for Flink's SQL client, reading the rows from a CSV file in the order listed. */
    String flinkScript() {
        return "SET 'parallelism.default' = '1';\n"
                + "-- rows.csv, one line a row: " + rows.stream().map(r -> (r.k() == null ? "" : r.k()) + ","
                        + (r.v() == null ? "" : r.v()) + "," + r.ts().toString().replace('T', ' '))
                        .collect(Collectors.joining(" | ")) + "\n"
                + "CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS " + watermark() + ")\n"
                + "  WITH ('connector' = 'filesystem', 'path' = 'rows.csv', 'format' = 'csv');\n"
                + query + ";\n";
    }
}
