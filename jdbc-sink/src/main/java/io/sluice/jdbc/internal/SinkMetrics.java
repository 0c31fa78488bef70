package io.sluice.jdbc.internal;

import io.sluice.api.connector.HistogramBuckets;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A sink writer's counters, read by progress lines on another thread while the writer runs. The
 * per-row counters are published with {@code lazySet}: a plain store, no fence on the row path.
 */
public final class SinkMetrics {
    private final AtomicLong rowsReceived = new AtomicLong();
    private final AtomicLong rowsReduced = new AtomicLong();
    private final AtomicLong bufferSize = new AtomicLong();
    private final AtomicLong backpressureNanos = new AtomicLong();
    private final AtomicLong flushNanos = new AtomicLong();
    private final AtomicLong inserts = new AtomicLong();
    private final AtomicLong upserts = new AtomicLong();
    private final AtomicLong deletes = new AtomicLong();
    private final AtomicLong statements = new AtomicLong();
    private final AtomicLong roundTrips = new AtomicLong();
    private final Map<FlushReason, AtomicLong> flushes = counters(FlushReason.class);
    private final Map<FailureClass, AtomicLong> retries = counters(FailureClass.class);
    private final LatencyWindow latencies = new LatencyWindow(1024);
    /** Upper bounds of the flush latency histogram's buckets, in milliseconds. */
    private static final long[] LATENCY_BOUNDS = {5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000,
            60_000};
    private final AtomicLongArray latencyBuckets = new AtomicLongArray(LATENCY_BOUNDS.length);

    /** Publishes the buffer's counters after it took a row. */
    public void buffered(ChangeBuffer buffer) {
        rowsReceived.lazySet(buffer.rowsReceived());
        rowsReduced.lazySet(buffer.rowsReduced());
        bufferSize.lazySet(buffer.size());
    }

    /** Records a committed flush and what the dialect reported sending for it. */
    public void flushed(FlushReason reason, ChangeBatch batch, WriteStats sent, long latencyNanos) {
        flushes.get(reason).incrementAndGet();
        inserts.addAndGet(batch.inserts().size());
        upserts.addAndGet(batch.upserts().size());
        deletes.addAndGet(batch.deletes().size());
        statements.addAndGet(sent.statements());
        roundTrips.addAndGet(sent.roundTrips());
        flushNanos.addAndGet(latencyNanos);
        latencies.record(latencyNanos);
        long millis = TimeUnit.NANOSECONDS.toMillis(latencyNanos);
        for (int i = 0; i < LATENCY_BOUNDS.length; i++) {
            if (millis <= LATENCY_BOUNDS[i]) {
                latencyBuckets.incrementAndGet(i);
                break;
            }
        }
    }

    /** Records time the writing thread waited for the flush in flight because the buffer was full. */
    public void waitedForFlush(long nanos) {
        backpressureNanos.addAndGet(nanos);
    }

    public void retried(FailureClass failureClass) {
        retries.get(failureClass).incrementAndGet();
    }

    /** Flushes committed for {@code reason} so far. */
    public long flushes(FlushReason reason) {
        return flushes.get(reason).get();
    }

    /**
     * The counters by name: {@code rows-received}, {@code rows-reduced}, {@code inserts}, {@code upserts},
     * {@code deletes}, {@code statements} and {@code round-trips} (as the dialect reports its writes; the
     * commit is not included), {@code buffer-size}, {@code backpressure-ms}, {@code flush-ms} (the time
     * committed flushes took, retries included), {@code flushes.<reason>},
     * {@code retries.<class>}, the flush latency histogram ({@code flush-latency.le-<bound>-ms}, see
     * {@link HistogramBuckets}),
     * {@code flush-latency-p50-ms}, {@code flush-latency-p99-ms}.
     */
    public Map<String, Long> snapshot() {
        Map<String, Long> values = new LinkedHashMap<>();
        values.put("rows-received", rowsReceived.get());
        values.put("rows-reduced", rowsReduced.get());
        values.put("inserts", inserts.get());
        values.put("upserts", upserts.get());
        values.put("deletes", deletes.get());
        values.put("statements", statements.get());
        values.put("round-trips", roundTrips.get());
        values.put("buffer-size", bufferSize.get());
        values.put("backpressure-ms", TimeUnit.NANOSECONDS.toMillis(backpressureNanos.get()));
        values.put("flush-ms", TimeUnit.NANOSECONDS.toMillis(flushNanos.get()));
        long atMost = 0;
        for (int i = 0; i < LATENCY_BOUNDS.length; i++) {
            atMost += latencyBuckets.get(i);
            values.put(HistogramBuckets.key("flush-latency", LATENCY_BOUNDS[i]), atMost);
        }
        flushes.forEach((reason, count) -> values.put("flushes." + reason.metricName(), count.get()));
        retries.forEach((failureClass, count) -> {
            if (failureClass.isTransient()) {
                values.put("retries." + failureClass.metricName(), count.get());
            }
        });
        values.put("flush-latency-p50-ms", latencies.percentileMillis(50));
        values.put("flush-latency-p99-ms", latencies.percentileMillis(99));
        return values;
    }

    private static <E extends Enum<E>> Map<E, AtomicLong> counters(Class<E> type) {
        Map<E, AtomicLong> map = new EnumMap<>(type);
        for (E constant : type.getEnumConstants()) {
            map.put(constant, new AtomicLong());
        }
        return map;
    }
}
