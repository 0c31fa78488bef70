package io.sluice.bench.runtime;

import io.sluice.planner.TableEnvironment;
import io.sluice.planner.TableResult;
import io.sluice.runtime.JobProgress;
import java.util.Map;

/**
 * Runs one job statement through a {@link TableEnvironment} as {@code ./sluice run} would and times it
 * from the job's start to its end, without the JVM's start and planning: wall time, the CPU time of the
 * job's threads, and the rows it read and wrote.
 *
 * @param runNanos      from the job's start to its end
 * @param cpuNanos      CPU time the job's threads used
 * @param rowsIn        rows the sources read
 * @param rowsOut       rows the sinks took
 * @param sinkMetrics   per sink table, its writers' counters at the end (empty when not run here)
 * @param flushCpuNanos CPU time of the JDBC sinks' flushing threads
 */
public record TimedJob(long runNanos, long cpuNanos, long rowsIn, long rowsOut,
                       Map<String, Map<String, Long>> sinkMetrics, long flushCpuNanos) {
    /** The name the JDBC sink gives its flushing threads starts with this. */
    private static final String FLUSH_THREADS = "jdbc-flush-";

    /** Something to time that may throw, such as a job of another engine. */
    @FunctionalInterface
    public interface Job {
        void run() throws Exception;
    }

    /** Times {@code job}: wall time and the CPU time of every thread but this one; no row counts. */
    public static TimedJob measure(Job job) throws Exception {
        ThreadSampler threads = new ThreadSampler();
        long started = System.nanoTime();
        job.run();
        long end = System.nanoTime();
        return new TimedJob(end - started, threads.stop().cpuNanos(), 0, 0, Map.of(), 0);
    }

    /** Executes {@code statement} (an INSERT) in {@code environment} and waits for the job's end. */
    public static TimedJob run(TableEnvironment environment, String statement) throws InterruptedException {
        ProgressWatch watch = new ProgressWatch(Long.MAX_VALUE);
        environment.setJobObserver(watch);
        ThreadSampler threads = new ThreadSampler();
        TableResult result = environment.executeSql(statement);
        long started = System.nanoTime();
        result.forEach(row -> { });
        long end = System.nanoTime();
        ThreadSampler.Usage usage = threads.stop();
        JobProgress progress = watch.last();
        if (progress == null) {
            return new TimedJob(end - started, usage.cpuNanos(), 0, 0, Map.of(), threads.cpuNanos(FLUSH_THREADS));
        }
        return new TimedJob(end - started, usage.cpuNanos(), progress.rowsIn(), progress.rowsOut(),
                progress.sinkMetrics(), threads.cpuNanos(FLUSH_THREADS));
    }
}
