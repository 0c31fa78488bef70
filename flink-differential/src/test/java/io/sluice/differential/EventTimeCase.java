package io.sluice.differential;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One generated case: one to three watermarked tables, each with the changes both engines read from it
 * in order, and a query over them.
 *
 * @param selfJoin whether the query joins its one table with itself, reading each row on both sides
 */
record EventTimeCase(long seed, List<Table> tables, String query, Comparison comparison, boolean selfJoin) {

    /** How the two engines' answers to a case are compared. */
    enum Comparison {
        /**
         * Change by change: each input change's results come out before the next change is read, in an
         * order the input defines (a group aggregate, a Top-N, a deduplication by arrival).
         */
        IN_ORDER,
        /** As a multiset: results fired by a watermark come in the order of Flink's timers. */
        AS_MULTISET,
        /**
         * By the table the changes leave: a join of two sources takes their rows as the threads meet, so
         * its changes on the way differ from run to run and only the result is defined.
         */
        FINAL_TABLE
    }

    /** What a table's changelog holds, with the option that declares it. */
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

    /**
     * A table {@code name (k STRING, <value> INT, ts TIMESTAMP(3))} with
     * {@code WATERMARK FOR ts AS ts - INTERVAL 'delaySeconds' SECOND}.
     *
     * @param keyed    whether {@code k} is its primary key (always so for an upsert table)
     * @param proctime whether it has the column {@code pt AS PROCTIME()} as well
     */
    record Table(String name, String value, Source source, boolean keyed, boolean proctime, int delaySeconds,
                 List<Input> rows) {

        Table withRows(List<Input> newRows) {
            return new Table(name, value, source, keyed, proctime, delaySeconds, newRows);
        }

        String watermark() {
            return "ts - INTERVAL '" + delaySeconds + "' SECOND";
        }

        private String columns() {
            return "k STRING, " + value + " INT, ts TIMESTAMP(3)" + (proctime ? ", pt AS PROCTIME()" : "")
                    + ", WATERMARK FOR ts AS " + watermark() + (keyed ? ", PRIMARY KEY (k) NOT ENFORCED" : "");
        }

        /** The table as Sluice's values connector reads it. */
        String sluiceTable() {
            String mode = source == Source.INSERT_ONLY ? "" : "'changelog-mode' = '" + source.changelogMode + "', ";
            return "CREATE TABLE " + name + " (" + columns() + ")\n  WITH ('connector' = 'values', " + mode
                    + "'rows' = '" + rows.stream().map(Input::text).collect(Collectors.joining("\n")) + "')";
        }

        /**
         * The same for Flink's SQL client: an insert-only table from a CSV file, a retracting one from a file
         * of Debezium JSON events; an upsert table has no file connector, so its rows are listed for a
         * {@code fromChangelogStream(..., ChangelogMode.upsert())}.
         */
        String flinkTable() {
            String table = "CREATE TABLE " + name + " (" + columns() + ")";
            return switch (source) {
                case INSERT_ONLY -> "-- " + name + ".csv, one line a row: " + rows.stream().map(Input::csv)
                        .collect(Collectors.joining(" | ")) + "\n" + table + "\n  WITH ('connector' = 'filesystem', "
                        + "'path' = '" + name + ".csv', 'format' = 'csv');\n";
                case RETRACT -> "-- " + name + ".json, one line an event:\n" + debeziumEvents().stream()
                        .map(e -> "--   " + e).collect(Collectors.joining("\n")) + "\n" + table
                        + "\n  WITH ('connector' = 'filesystem', 'path' = '" + name + ".json', "
                        + "'format' = 'debezium-json');\n";
                case UPSERT -> "-- the changes, for fromChangelogStream(..., ChangelogMode.upsert()) as view " + name
                        + ": " + rows.stream().map(Input::text).collect(Collectors.joining(" | ")) + "\n-- " + table
                        + "\n";
            };
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

        private String json(Input row) {
            return "{\"k\":" + (row.k() == null ? "null" : "\"" + row.k() + "\"") + ",\"" + value + "\":" + row.v()
                    + ",\"ts\":\"" + row.ts().toString().replace('T', ' ') + "\"}";
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

    /** The first table, the only one of a single-table case. */
    Table first() {
        return tables.get(0);
    }

    EventTimeCase withTables(List<Table> newTables) {
        return new EventTimeCase(seed, newTables, query, comparison, selfJoin);
    }

    EventTimeCase withQuery(String newQuery) {
        return new EventTimeCase(seed, tables, newQuery, comparison, selfJoin);
    }

    /** The query with each table's name followed by {@code suffix}, so that many cases share one catalog. */
    String queryWithSuffix(String suffix) {
        String renamed = query;
        for (Table table : tables) {
            renamed = renamed.replaceAll("\\b" + table.name() + "\\b", table.name() + suffix);
        }
        return renamed;
    }

    /** A script that runs the case on its own with {@code ./sluice run}, for a failure's report. */
    String sluiceScript() {
        return "SET 'parallelism.default' = '1';\n" + tables.stream().map(t -> t.sluiceTable() + ";\n")
                .collect(Collectors.joining()) + query + ";\n";
    }

    /** The same for Flink's SQL client. */
    String flinkScript() {
        return "SET 'parallelism.default' = '1';\n" + tables.stream().map(Table::flinkTable)
                .collect(Collectors.joining()) + query + ";\n";
    }
}
