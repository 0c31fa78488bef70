package io.sluice.cli;

import io.sluice.api.connector.HistogramBuckets;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Shows a running job's progress on stderr: rows in, rows written, flushes and lag. On a terminal the
 * line is rewritten in place; otherwise a line is printed every {@link #PLAIN_INTERVAL_MILLIS}. Jobs
 * shorter than {@link #QUIET_MILLIS} print only their summary.
 */
final class ProgressLine implements JobObserver {
    static final long QUIET_MILLIS = 2_000;
    static final long PLAIN_INTERVAL_MILLIS = 10_000;

    private final PrintStream err;
    private final boolean terminal;
    private long startedAt;
    private long lastPrinted;
    private boolean linePending;

    ProgressLine(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void onProgress(JobProgress progress) {
        long now = System.currentTimeMillis();
        if (startedAt == 0) {
            startedAt = now;
        }
        if (now - startedAt < QUIET_MILLIS || (!terminal && now - lastPrinted < PLAIN_INTERVAL_MILLIS)) {
            return;
        }
        lastPrinted = now;
        if (terminal) {
            err.print("\r\033[K" + describe(progress));
            linePending = true;
        } else {
            err.println(describe(progress));
        }
        err.flush();
    }

    @Override
    public synchronized void onFinished(JobProgress progress) {
        if (linePending) {
            err.print("\r\033[K");
            linePending = false;
        }
        err.println("Job ended: " + describe(progress));
        if (progress.lateRowsDropped() > 0) {
            err.printf("  late rows dropped: %,d (the watermark had passed them)%n",
                    progress.lateRowsDropped());
        }
        progress.sourceMetrics().forEach((table, metrics) -> {
            String counted = nonZero(metrics);
            if (!counted.isEmpty()) {
                err.println("  source " + table + ": " + counted);
            }
        });
        progress.sinkMetrics().forEach((table, metrics) -> {
            String counted = nonZero(metrics);
            if (!counted.isEmpty()) {
                err.println("  sink " + table + ": " + counted + reduction(metrics));
            }
        });
        err.flush();
        startedAt = 0;
    }

    /**
     * The counters that counted something, as {@code name=value, ...}: zeros would drown the few that
     * matter, and so would a histogram's buckets (the metrics endpoint has them). Empty for a sink that
     * keeps no counters (print, for one).
     */
    private static String nonZero(Map<String, Long> metrics) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(metrics).forEach((name, value) -> {
            if (value != 0 && !HistogramBuckets.isBucket(name)) {
                text.append(text.length() == 0 ? "" : ", ").append(name).append('=').append(value);
            }
        });
        return text.toString();
    }

    /**
     * How many changes the sink took per row it wrote: its buffer keeps one change per key, and keeps
     * absorbing while a flush runs, so a busy key costs the database one row per flush.
     */
    private static String reduction(Map<String, Long> metrics) {
        long received = metrics.getOrDefault("rows-received", 0L);
        long written = metrics.getOrDefault("inserts", 0L) + metrics.getOrDefault("upserts", 0L)
                + metrics.getOrDefault("deletes", 0L);
        return received == 0 || written == 0 ? ""
                : String.format(Locale.ROOT, " | reduction %.2fx (%,d changes, %,d rows written)",
                        (double) received / written, received, written);
    }

    static String describe(JobProgress progress) {
        return String.format("rows in %,d | rows written %,d | flushes %,d | checkpoints %,d | lag %,d ms",
                progress.rowsIn(), progress.rowsOut(), flushes(progress.sinkMetrics()), progress.checkpoints(),
                progress.lagMillis());
    }

    private static long flushes(Map<String, Map<String, Long>> sinkMetrics) {
        long total = 0;
        for (Map<String, Long> metrics : sinkMetrics.values()) {
            for (Map.Entry<String, Long> entry : new TreeMap<>(metrics).entrySet()) {
                if (entry.getKey().startsWith("flushes.")) {
                    total += entry.getValue();
                }
            }
        }
        return total;
    }
}
