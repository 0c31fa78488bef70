package io.sluice.experiments;

import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps the sink's flush counters ({@code flushes.count}, {@code flushes.interval}, ...) from the job's
 * progress reports: how many flushes there were and why, which the database side cannot tell apart
 * when several commit between two polls.
 */
final class SinkFlushes implements JobObserver {
    private static final String PREFIX = "flushes.";
    private volatile Map<String, Long> byReason = Map.of();

    @Override
    public void onProgress(JobProgress progress) {
        record(progress);
    }

    @Override
    public void onFinished(JobProgress finalProgress) {
        record(finalProgress);
    }

    /** Committed flushes per reason ({@code close}, {@code count}, ...) in name order, summed over the job's sinks. */
    Map<String, Long> byReason() {
        return byReason;
    }

    private void record(JobProgress progress) {
        Map<String, Long> counts = new TreeMap<>();
        for (Map<String, Long> metrics : progress.sinkMetrics().values()) {
            metrics.forEach((name, value) -> {
                if (name.startsWith(PREFIX)) {
                    counts.merge(name.substring(PREFIX.length()), value, Long::sum);
                }
            });
        }
        byReason = Collections.unmodifiableMap(counts);
    }
}
