package io.sluice.jdbc.internal;

import java.util.Arrays;

/** The latest flush latencies (a fixed ring), for percentiles in progress lines. Thread-safe. */
final class LatencyWindow {
    private final long[] nanos;
    private int next;
    private int count;

    LatencyWindow(int capacity) {
        this.nanos = new long[capacity];
    }

    synchronized void record(long latencyNanos) {
        nanos[next] = latencyNanos;
        next = (next + 1) % nanos.length;
        count = Math.min(count + 1, nanos.length);
    }

    /** The {@code percentile} (0..100) of the recorded latencies in milliseconds; 0 when none. */
    synchronized long percentileMillis(int percentile) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percentile / 100.0 * count) - 1;
        return sorted[Math.max(rank, 0)] / 1_000_000;
    }
}
