package io.sluice.api.connector;

/**
 * How a reader or writer reports a histogram among its {@link SinkWriter#metrics() counters}: one key per
 * bucket, {@code <name>.le-<bound>-ms}, counting the observations of at most {@code bound} milliseconds
 * (cumulative, as Prometheus buckets are). Summaries leave these keys out; the metrics endpoint shows them
 * as one histogram.
 */
public final class HistogramBuckets {
    private static final String MARKER = ".le-";
    private static final String UNIT = "-ms";

    private HistogramBuckets() {
    }

    /** The key of the bucket of {@code name} up to {@code boundMillis}. */
    public static String key(String name, long boundMillis) {
        return name + MARKER + boundMillis + UNIT;
    }

    public static boolean isBucket(String key) {
        return key.contains(MARKER) && key.endsWith(UNIT);
    }

    /** The histogram a bucket key belongs to. */
    public static String name(String key) {
        return key.substring(0, key.lastIndexOf(MARKER));
    }

    /** The bucket's upper bound in milliseconds. */
    public static long boundMillis(String key) {
        return Long.parseLong(key.substring(key.lastIndexOf(MARKER) + MARKER.length(), key.length() - UNIT.length()));
    }
}
