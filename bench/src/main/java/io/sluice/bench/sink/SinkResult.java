package io.sluice.bench.sink;

import java.util.Locale;
import java.util.Map;

/**
 * One run of the sink benchmark.
 *
 * @param database  the database's name
 * @param strategy  the batch strategy's name
 * @param changes   changes written
 * @param deletes   of which deletes
 * @param finalRows rows in the final table, all as the changelog's model says
 * @param timing    time, the writer's metrics and the JDBC calls counted
 */
public record SinkResult(String database, String strategy, long changes, long deletes, int finalRows,
                         Timing timing) {

    /**
     * @param nanos    from the first write until the last flush committed
     * @param cpuNanos CPU time of the writing thread over the same span (the sink and the driver)
     * @param metrics the writer's {@code metrics()} after the last flush
     * @param calls   what the sink sent
     */
    public record Timing(long nanos, long cpuNanos, Map<String, Long> metrics, JdbcCalls.Counts calls) {
    }

    /** The header of {@link #markdownRow()}. */
    public static String markdownHeader() {
        return "| database | strategy | changes (deletes) | seconds | changes/s | sink CPU s | flushes"
                + " | rows written/flush | statements/flush | round trips/flush | autocommit switches/flush"
                + " | final table |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|";
    }

    public String markdownRow() {
        double flushes = flushes();
        return String.format(Locale.ROOT,
                "| %s | %s | %,d (%,d) | %.2f | %,.0f | %.2f | %,.0f | %,.0f | %.1f | %.1f | %.1f | %,d rows,"
                        + " as expected |",
                database, strategy, changes, deletes, seconds(), changesPerSecond(), timing.cpuNanos() / 1e9, flushes,
                (metric("upserts") + metric("deletes")) / flushes, timing.calls().statements() / flushes,
                timing.calls().roundTrips() / flushes, timing.calls().autocommitSwitches() / flushes, finalRows);
    }

    public double seconds() {
        return timing.nanos() / 1e9;
    }

    public double changesPerSecond() {
        return changes / seconds();
    }

    /** Flushes of every reason, from the writer's metrics. */
    public long flushes() {
        return timing.metrics().entrySet().stream().filter(e -> e.getKey().startsWith("flushes."))
                .mapToLong(Map.Entry::getValue).sum();
    }

    /** A counter of the writer's metrics, 0 when absent. */
    public long metric(String name) {
        return timing.metrics().getOrDefault(name, 0L);
    }
}
