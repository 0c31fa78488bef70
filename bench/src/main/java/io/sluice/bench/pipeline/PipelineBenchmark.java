package io.sluice.bench.pipeline;

import io.sluice.bench.JfrProfile;
import io.sluice.bench.pipeline.PipelineJob.Mode;
import io.sluice.bench.runtime.TimedJob;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bench/run pipeline}: the whole job (file -> values source -> ChangelogNormalize -> JDBC sink) on
 * each database, for each {@code max-rows}: first the database's server-side capacity for the same
 * flushes, then the synchronous writer as the baseline, then the pipelined writer with each number of
 * writers. Every run starts from an empty table and its final table is checked row by row.
 */
public final class PipelineBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(PipelineBenchmark.class);
    private static final long SEED = 16;
    private static final double DELETE_SHARE = 0.1;
    /** Changes of the unreported run that warms up each database's code paths first: a fifth of the workload. */
    private static final int WARMUP_SHARE = 5;

    /**
     * @param changes   changes in the changelog
     * @param keys      size of the key space
     * @param maxRows   the {@code sink.buffer-flush.max-rows} values to measure
     * @param writers   the {@code sink.parallelism} values of the pipelined writer
     * @param databases where to write
     * @param profile   whether a profile of the pipelined writer (one writer, the first max-rows) on each
     *                  database follows the table
     */
    public record Config(int changes, int keys, List<Integer> maxRows, List<Integer> writers, List<String> databases,
                         boolean profile) {
    }

    private PipelineBenchmark() {
    }

    public static void run(Config config, Map<String, String> environment, PrintStream out) throws Exception {
        Map<String, PipelineDatabase> known = PipelineDatabase.fromEnvironment(environment);
        OrdersChangelog changelog = OrdersChangelog.generate(SEED, config.changes(), config.keys(), DELETE_SHARE);
        OrdersChangelog warmup = OrdersChangelog.generate(SEED + 1, config.changes() / WARMUP_SHARE, config.keys(),
                DELETE_SHARE);
        Path directory = Files.createTempDirectory("sluice-bench-pipeline");
        Path file = directory.resolve("orders-changelog.txt");
        Path warmupFile = directory.resolve("warmup-changelog.txt");
        try {
            changelog.writeTo(file);
            warmup.writeTo(warmupFile);
            out.println(PipelineResult.markdownHeader());
            for (String name : config.databases()) {
                PipelineDatabase database = known.get(name);
                if (database == null) {
                    throw new IllegalArgumentException("Unknown database '" + name + "'; use " + known.keySet());
                }
                LOG.info("{}: warming up with {} changes", database.name(), warmup.size());
                runChecked(database, warmup, warmupFile, config.maxRows().get(0), Mode.pipelined(1));
                for (int maxRows : config.maxRows()) {
                    measure(database, changelog, file, maxRows, config.writers(), out);
                }
            }
            if (config.profile()) {
                for (String name : config.databases()) {
                    profile(known.get(name), changelog, file, config.maxRows().get(0), out);
                }
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(warmupFile);
            Files.deleteIfExists(directory);
        }
    }

    private static void measure(PipelineDatabase database, OrdersChangelog changelog, Path file, int maxRows,
                                List<Integer> writers, PrintStream out) throws Exception {
        LOG.info("{}, max-rows {}: the server-side capacity", database.name(), maxRows);
        double capacity = ServerCapacity.measure(database, changelog.flushes(maxRows), uniqueTable());
        List<Mode> modes = new ArrayList<>(List.of(Mode.BASELINE));
        writers.forEach(count -> modes.add(Mode.pipelined(count)));
        PipelineResult baseline = null;
        for (Mode mode : modes) {
            LOG.info("{}, max-rows {}: {} with {} writer(s)", database.name(), maxRows, mode.name(), mode.writers());
            Run run = runChecked(database, changelog, file, maxRows, mode);
            PipelineResult result = new PipelineResult(database.name(), maxRows, mode, changelog.size(), run.job(),
                    run.rows(), capacity, baseline);
            baseline = baseline == null ? result : baseline;
            out.println(result.markdownRow());
            out.flush();
        }
    }

    private static void profile(PipelineDatabase database, OrdersChangelog changelog, Path file, int maxRows,
                                PrintStream out) throws Exception {
        try (JfrProfile profile = new JfrProfile()) {
            runChecked(database, changelog, file, maxRows, Mode.pipelined(1));
            out.println();
            out.println("Profile of " + database.name() + ", max-rows " + maxRows + ", pipelined, one writer:");
            out.println(profile.stopAndReport());
        }
    }

    private record Run(TimedJob job, int rows) {
    }

    private static Run runChecked(PipelineDatabase database, OrdersChangelog changelog, Path file, int maxRows,
                                  Mode mode) throws Exception {
        String table = uniqueTable();
        try (Connection connection = database.connect()) {
            execute(connection, database.createTable(table));
            try {
                TimedJob job = PipelineJob.run(database, file, table, maxRows, mode);
                return new Run(job, OrdersTable.verify(connection, table, changelog.finalTable()));
            } finally {
                execute(connection, "DROP TABLE " + table);
            }
        }
    }

    private static String uniqueTable() {
        return "bench_pipeline_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** One line of the report. */
    private record PipelineResult(String database, int maxRows, Mode mode, int changes, TimedJob job, int finalRows,
                                  double capacity, PipelineResult baseline) {

        static String markdownHeader() {
            return "| database | max-rows | writer | writers | s | changes/s | vs baseline | rows written (reduction)"
                    + " | flushes | flush s | sink writes rows/s | of server capacity (rows/s) | waited for a flush s"
                    + " | flushing threads CPU s | final table |\n"
                    + "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|";
        }

        String markdownRow() {
            Map<String, Long> sink = job.sinkMetrics().getOrDefault("orders", Map.of());
            long written = sink.getOrDefault("upserts", 0L) + sink.getOrDefault("deletes", 0L)
                    + sink.getOrDefault("inserts", 0L);
            long flushes = sink.entrySet().stream().filter(e -> e.getKey().startsWith("flushes."))
                    .mapToLong(Map.Entry::getValue).sum();
            double flushSeconds = sink.getOrDefault("flush-ms", 0L) / 1000.0;
            double writingRate = written / (flushSeconds / mode.writers());
            String versus = baseline == null ? "1.00x" : String.format(Locale.ROOT, "%.2fx",
                    changesPerSecond() / baseline.changesPerSecond());
            return String.format(Locale.ROOT,
                    "| %s | %,d | %s | %d | %.2f | %,.0f | %s | %,d (%.2fx) | %,d | %.2f | %,.0f | %.0f%% (%,.0f) | %.2f | %.2f"
                            + " | %,d rows, as expected |",
                    database, maxRows, mode.name(), mode.writers(), seconds(), changesPerSecond(), versus, written,
                    (double) changes / written, flushes, flushSeconds, writingRate, 100 * writingRate / capacity,
                    capacity, sink.getOrDefault("backpressure-ms", 0L) / 1000.0, job.flushCpuNanos() / 1e9, finalRows);
        }

        private double seconds() {
            return job.runNanos() / 1e9;
        }

        private double changesPerSecond() {
            return changes / seconds();
        }
    }
}
