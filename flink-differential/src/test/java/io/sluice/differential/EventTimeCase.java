package io.sluice.differential;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One generated case: the rows of a watermarked table {@code t (k STRING, v INT, ts TIMESTAMP(3))}, a
 * changelog of the given kind, in the order both engines read them, and a query over it.
 *
 * @param delaySeconds the watermark's delay: {@code WATERMARK FOR ts AS ts - INTERVAL 'd' SECOND}
 * @param query        the query, reading the table as {@code t}
 */
record EventTimeCase(long seed, Source source, int delaySeconds, List<Input> rows, String query) {

    /** What the table's changelog holds, with the option that declares it. */
    enum Source {
        INSERT_ONLY("I"),
        /** Inserts, updates as -U and +U pairs, deletes. */
        RETRACT("I,UB,UA,D"),
        /** Changes by the primary key {@code k}: inserts, +U without -U, deletes. */
        UPSERT("I,UA,D");

        final String changelogMode;

        Source(String changelogMode) {
            this.changelogMode = changelogMode;
        }
    }

    /** One input change; the time is whole seconds, so every watermark step is past the emit interval. */
    record Input(String kind, String k, Integer v, LocalDateTime ts) {
        /** The change in the text form of the values connector and of Flink's Row.toString(). */
        String text() {
            return kind + "[" + k + ", " + v + ", " + ts + "]";
        }

        String csv() {
            return (k == null ? "" : k) + "," + (v == null ? "" : v) + "," + ts.toString().replace('T', ' ');
        }
    }

    String watermark() {
        return "ts - INTERVAL '" + delaySeconds + "' SECOND";
    }

    /** The query over a table of another name. */
    String queryOver(String table) {
        return query.replaceAll("\\bt\\b", table);
    }

    /** The table {@code t} as Sluice's values connector reads it. */
    String sluiceTable() {
        String key = source == Source.UPSERT ? ", PRIMARY KEY (k) NOT ENFORCED" : "";
        String mode = source == Source.INSERT_ONLY ? "" : "'changelog-mode' = '" + source.changelogMode + "', ";
        return "CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS " + watermark() + key + ")\n"
                + "  WITH ('connector' = 'values', " + mode + "'rows' = '"
                + rows.stream().map(Input::text).collect(Collectors.joining("\n")) + "')";
    }

    /** A script that runs the case on its own with {@code ./sluice run}, for a failure's report. */
    String sluiceScript() {
        return "SET 'parallelism.default' = '1';\n" + sluiceTable() + ";\n" + query + ";\n";
    }

    /**
     * The same for Flink's SQL client: an insert-only table from a CSV file, a retracting one from a file
     * of Debezium JSON events; an upsert table has no file connector, so its rows are listed for a
     * {@code fromChangelogStream(..., ChangelogMode.upsert())}.
     */
    String flinkScript() {
        String table = "CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS " + watermark();
        String text = switch (source) {
            case INSERT_ONLY -> "-- rows.csv, one line a row: " + rows.stream().map(Input::csv)
                    .collect(Collectors.joining(" | ")) + "\n" + table + ")\n"
                    + "  WITH ('connector' = 'filesystem', 'path' = 'rows.csv', 'format' = 'csv');\n";
            case RETRACT -> "-- rows.json, one line an event:\n" + debeziumEvents().stream().map(e -> "--   " + e)
                    .collect(Collectors.joining("\n")) + "\n" + table + ")\n"
                    + "  WITH ('connector' = 'filesystem', 'path' = 'rows.json', 'format' = 'debezium-json');\n";
            case UPSERT -> "-- the changes, for fromChangelogStream(..., ChangelogMode.upsert()) as view t: "
                    + rows.stream().map(Input::text).collect(Collectors.joining(" | ")) + "\n"
                    + "-- " + table + ", PRIMARY KEY (k) NOT ENFORCED)\n";
        };
        return "SET 'parallelism.default' = '1';\n" + text + query + ";\n";
    }

    /** The retracting changelog as Debezium events: a -U and the +U after it make one update. */
    private List<String> debeziumEvents() {
        List<String> events = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Input row = rows.get(i);
            switch (row.kind()) {
                case "+I" -> events.add("{\"before\":null,\"after\":" + json(row) + ",\"op\":\"c\"}");
                case "-D" -> events.add("{\"before\":" + json(row) + ",\"after\":null,\"op\":\"d\"}");
                case "-U" -> events.add("{\"before\":" + json(row) + ",\"after\":" + json(rows.get(++i))
                        + ",\"op\":\"u\"}");
                default -> throw new IllegalStateException("a +U must follow its -U: " + row.text());
            }
        }
        return events;
    }

    private static String json(Input row) {
        return "{\"k\":" + (row.k() == null ? "null" : "\"" + row.k() + "\"") + ",\"v\":" + row.v()
                + ",\"ts\":\"" + row.ts().toString().replace('T', ' ') + "\"}";
    }
}
