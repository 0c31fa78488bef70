package io.sluice.bench.runtime;

import io.sluice.bench.JfrProfile;
import io.sluice.planner.TableEnvironment;
import io.sluice.planner.TableResult;
import io.sluice.runtime.JobProgress;
import java.util.Map;

/**
 * Word count, {@code SELECT word, COUNT(*) FROM words GROUP BY word}, on {@code datagen} words (a
 * random INT key cast to STRING) into {@code blackhole}, run through {@link TableEnvironment} as a user
 * runs it.
 */
public final class RuntimeBenchmark {
    private static final String INSERT = "INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word";
    private static final long SEEN_EACH_KEY = 20;
    private static final long HEAP_WAIT_SECONDS = 300;

    /**
     * One configuration.
     *
     * @param rows        input rows
     * @param keys        distinct words
     * @param miniBatch   {@code table.exec.mini-batch.enabled} (with {@code size} 5000, {@code allow-latency} 2 s)
     * @param parallelism {@code parallelism.default}
     */
    public record Config(long rows, int keys, boolean miniBatch, int parallelism) {
        Config withKeys(int newKeys) {
            return new Config(rows, newKeys, miniBatch, parallelism);
        }
    }

    /**
     * A timed run.
     *
     * @param planNanos      from {@code executeSql} until it returned with the job started
     * @param runNanos       from then until the job ended
     * @param allocatedBytes allocated by the job's threads while it ran
     * @param cpuNanos       CPU time the job's threads used
     * @param progress       the job's final counters
     */
    public record Throughput(long planNanos, long runNanos, long allocatedBytes, long cpuNanos,
                             JobProgress progress) {
    }

    private RuntimeBenchmark() {
    }

    /**
     * Runs {@code config} on bounded input and times it.
     *
     * @throws IllegalStateException when the job did not read every row
     */
    public static Throughput throughput(Config config) throws InterruptedException {
        TableEnvironment environment = environment(config, true);
        ProgressWatch watch = new ProgressWatch(Long.MAX_VALUE);
        environment.setJobObserver(watch);
        ThreadSampler threads = new ThreadSampler();
        long start = System.nanoTime();
        TableResult result = environment.executeSql(INSERT);
        long started = System.nanoTime();
        result.forEach(row -> { });
        long end = System.nanoTime();
        ThreadSampler.Usage usage = threads.stop();
        JobProgress progress = watch.last();
        if (progress == null || progress.rowsIn() != config.rows()) {
            throw new IllegalStateException("The job read " + (progress == null ? "?" : progress.rowsIn())
                    + " rows instead of " + config.rows());
        }
        return new Throughput(started - start, end - started, usage.allocatedBytes(), usage.cpuNanos(), progress);
    }

    /**
     * The live heap the job adds while it holds the state of all {@code config.keys()} keys: an
     * unbounded input runs until every key was seen about {@value #SEEN_EACH_KEY} times, then the heap
     * after a full collection is compared with the heap before the job started; the job is then cancelled.
     */
    public static long heapGrowth(Config config) throws InterruptedException {
        TableEnvironment environment = environment(config, false);
        ProgressWatch watch = new ProgressWatch(SEEN_EACH_KEY * config.keys());
        environment.setJobObserver(watch);
        long before = HeapGauge.liveBytes();
        TableResult result = environment.executeSql(INSERT);
        try {
            if (!watch.awaitRows(HEAP_WAIT_SECONDS) || watch.last() != null) {
                throw new IllegalStateException("The job did not read " + SEEN_EACH_KEY * config.keys()
                        + " rows while running; latest progress: " + watch.latest());
            }
            return HeapGauge.liveBytes() - before;
        } finally {
            result.cancel();
            result.forEach(row -> { });
        }
    }

    /**
     * The job's heap with {@code config.keys()} keys and with a hundredth of them; their difference
     * divided by the difference in keys is the heap per key net of the job's fixed cost.
     */
    public static Heap heap(Config config) throws InterruptedException {
        int fewKeys = Math.max(1, config.keys() / 100);
        return new Heap(config.keys(), heapGrowth(config), fewKeys, heapGrowth(config.withKeys(fewKeys)));
    }

    /** Runs {@code config} like {@link #throughput} under a {@link JfrProfile}; returns its report. */
    public static String profile(Config config) throws Exception {
        try (JfrProfile profile = new JfrProfile()) {
            throughput(config);
            return profile.stopAndReport();
        }
    }

    /**
     * Live heap added by the job (see {@link #heapGrowth}) with two key counts.
     *
     * @param keys       the configured keys
     * @param growth     bytes with {@code keys}
     * @param fewKeys    a hundredth of them
     * @param fewGrowth  bytes with {@code fewKeys}
     */
    public record Heap(int keys, long growth, int fewKeys, long fewGrowth) {
        /** Bytes per key without the job's fixed cost. */
        public double netPerKey() {
            return (double) (growth - fewGrowth) / (keys - fewKeys);
        }

        /** Bytes per key including the job's fixed cost. */
        public double rawPerKey() {
            return (double) growth / keys;
        }
    }

    private static TableEnvironment environment(Config config, boolean bounded) {
        TableEnvironment environment = TableEnvironment.create(Map.of(
                "parallelism.default", Integer.toString(config.parallelism()),
                "table.exec.mini-batch.enabled", Boolean.toString(config.miniBatch()),
                "table.exec.mini-batch.allow-latency", "2 s",
                "table.exec.mini-batch.size", "5000"));
        String rows = bounded ? ", 'number-of-rows' = '" + config.rows() + "'" : "";
        environment.executeSql("CREATE TABLE generated (k INT) WITH ('connector' = 'datagen', "
                + "'rows-per-second' = '1000000000', 'seed' = '7', 'fields.k.min' = '0', "
                + "'fields.k.max' = '" + (config.keys() - 1) + "'" + rows + ")");
        environment.executeSql("CREATE VIEW words AS SELECT CAST(k AS STRING) AS word FROM generated");
        environment.executeSql("CREATE TABLE word_counts (word STRING, cnt BIGINT) WITH ('connector' = 'blackhole')");
        return environment;
    }
}
