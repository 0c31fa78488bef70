package io.sluice.bench.pipeline;

import io.sluice.bench.runtime.TimedJob;
import io.sluice.planner.TableEnvironment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The job of {@code bench/run pipeline} as a user writes it: the changelog file read by the
 * {@code values} connector as an upsert changelog (so ChangelogNormalize runs), written into a JDBC
 * table, with parallelism 1 and the sink settings of one {@link Mode}.
 */
final class PipelineJob {

    /**
     * How the sink writes.
     *
     * @param name      for the report
     * @param pipelined {@code sink.buffer-flush.pipelined}
     * @param writers   {@code sink.parallelism}
     * @param bulk      whether {@code sink.bulk-write.min-rows} keeps its default (else 0: never COPY)
     */
    record Mode(String name, boolean pipelined, int writers, boolean bulk) {
        /** The writer before this work: flushes on the job's thread, one writer, no COPY. */
        static final Mode BASELINE = new Mode("synchronous (baseline)", false, 1, false);

        static Mode pipelined(int writers) {
            return new Mode("pipelined", true, writers, true);
        }
    }

    private PipelineJob() {
    }

    /** Runs the job into {@code table} (which must exist, empty) and times it. */
    static TimedJob run(PipelineDatabase database, Path changelog, String table, int maxRows, Mode mode)
            throws InterruptedException {
        TableEnvironment environment = TableEnvironment.create(Map.of("parallelism.default", "1"));
        environment.executeSql("CREATE TABLE changes (" + OrdersChangelog.COLUMNS + ", PRIMARY KEY (id) NOT ENFORCED)"
                + " WITH ('connector' = 'values', 'path' = " + literal(changelog.toString())
                + ", 'changelog-mode' = 'I,UA,D')");
        environment.executeSql("CREATE TABLE orders (" + OrdersChangelog.COLUMNS + ", PRIMARY KEY (id) NOT ENFORCED)"
                + " WITH (" + String.join(", ", sinkOptions(database, table, maxRows, mode)) + ")");
        return TimedJob.run(environment, "INSERT INTO orders SELECT * FROM changes");
    }

    private static List<String> sinkOptions(PipelineDatabase database, String table, int maxRows, Mode mode) {
        List<String> options = new ArrayList<>(List.of(
                "'connector' = 'jdbc'",
                "'url' = " + literal(database.target().url()),
                "'table-name' = " + literal(table),
                "'sink.buffer-flush.max-rows' = '" + maxRows + "'",
                "'sink.buffer-flush.pipelined' = '" + mode.pipelined() + "'",
                "'sink.parallelism' = '" + mode.writers() + "'"));
        if (!mode.bulk()) {
            options.add("'sink.bulk-write.min-rows' = '0'");
        }
        if (database.target().user() != null) {
            options.add("'username' = " + literal(database.target().user()));
        }
        if (database.target().password() != null) {
            options.add("'password' = " + literal(database.target().password()));
        }
        return options;
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
