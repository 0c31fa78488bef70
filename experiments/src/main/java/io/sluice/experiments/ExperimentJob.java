package io.sluice.experiments;

import io.sluice.planner.TableEnvironment;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The experiment's job, as a user would write it: a {@code values} table reading the changelog file,
 * a {@code jdbc} table with the scenario's flush settings, and {@code INSERT INTO ... SELECT}, run by
 * a {@link TableEnvironment} with parallelism 1 and no checkpoints (a checkpoint would add flushes).
 */
final class ExperimentJob {
    static final String SOURCE = "changes";
    static final String SINK = "orders_rt";

    private final FlushBoundaryOptions options;
    private final String sinkUrl;
    private final Path changelogFile;

    ExperimentJob(FlushBoundaryOptions options, String sinkUrl, Path changelogFile) {
        this.options = options;
        this.sinkUrl = sinkUrl;
        this.changelogFile = changelogFile;
    }

    /** Runs the statements and returns when the job finished; {@code log} gets what they print. */
    void run(SinkFlushes flushes, PrintStream log) {
        TableEnvironment environment = TableEnvironment.create(Map.of("parallelism.default", "1"));
        environment.setJobObserver(flushes);
        for (String statement : statements()) {
            environment.executeSql(statement).print(log);
        }
    }

    List<String> statements() {
        String columns = "(id BIGINT, amount BIGINT, seq BIGINT, PRIMARY KEY (id) NOT ENFORCED)";
        return List.of(
                "CREATE TABLE " + SOURCE + " " + columns + " WITH ('connector' = 'values', 'path' = "
                        + literal(changelogFile.toString()) + ", 'changelog-mode' = 'I,UA,D')",
                "CREATE TABLE " + SINK + " " + columns + " WITH (" + String.join(", ", sinkOptions()) + ")",
                "INSERT INTO " + SINK + " SELECT * FROM " + SOURCE);
    }

    private List<String> sinkOptions() {
        List<String> sinkOptions = new ArrayList<>(List.of(
                "'connector' = 'jdbc'",
                "'url' = " + literal(sinkUrl),
                "'table-name' = '" + ExperimentTable.NAME + "'",
                "'sink.buffer-flush.max-rows' = '" + options.scenario().maxRows() + "'",
                "'sink.buffer-flush.interval' = '" + options.scenario().interval() + "'",
                "'sink.parallelism' = '1'",
                "'sink.flush.transactional' = '" + options.transactional() + "'"));
        if (options.username() != null) {
            sinkOptions.add("'username' = " + literal(options.username()));
            sinkOptions.add("'password' = " + literal(options.password() == null ? "" : options.password()));
        }
        return sinkOptions;
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
