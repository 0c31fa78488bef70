package io.sluice.runtime.metrics;

import io.sluice.api.connector.HistogramBuckets;
import io.sluice.runtime.JobProgress;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The histograms sinks report among their counters ({@link HistogramBuckets}), as Prometheus
 * histograms: {@code sluice_sink_flush_latency_seconds_bucket{job, table, le}}, {@code _count} and
 * {@code _sum} (from the sink's {@code flush-ms}). Micrometer has no meter for buckets counted
 * elsewhere, so this collector goes to the Prometheus registry directly; it reads each running job's
 * latest progress at scrape time.
 */
final class LatencyHistograms implements MultiCollector {
    private static final String NAME = "sluice_sink_flush_latency_seconds";
    private final Set<JobMeters> jobs = ConcurrentHashMap.newKeySet();

    void add(JobMeters job) {
        jobs.add(job);
    }

    void remove(JobMeters job) {
        jobs.remove(job);
    }

    @Override
    public MetricSnapshots collect() {
        HistogramSnapshot.Builder histogram = HistogramSnapshot.builder().name(NAME)
                .help("time from the start of a flush to its commit");
        for (JobMeters job : jobs) {
            JobProgress progress = job.latest();
            progress.sinkMetrics().forEach((table, metrics) -> {
                TreeMap<Long, Long> atMost = new TreeMap<>();
                metrics.forEach((key, value) -> {
                    if (HistogramBuckets.isBucket(key) && HistogramBuckets.name(key).equals("flush-latency")) {
                        atMost.put(HistogramBuckets.boundMillis(key), value);
                    }
                });
                if (!atMost.isEmpty()) {
                    histogram.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                            .labels(Labels.of("job", job.job(), "table", table))
                            .classicHistogramBuckets(buckets(atMost, flushes(metrics)))
                            .sum(metrics.getOrDefault("flush-ms", 0L) / 1000.0).build());
                }
            });
        }
        return new MetricSnapshots(histogram.build());
    }

    /** Per-bucket counts from the cumulative ones; the flushes above the last bound go to +Inf. */
    private static ClassicHistogramBuckets buckets(TreeMap<Long, Long> atMost, long total) {
        ClassicHistogramBuckets.Builder buckets = ClassicHistogramBuckets.builder();
        long below = 0;
        for (Map.Entry<Long, Long> bucket : atMost.entrySet()) {
            buckets.bucket(bucket.getKey() / 1000.0, bucket.getValue() - below);
            below = bucket.getValue();
        }
        return buckets.bucket(Double.POSITIVE_INFINITY, Math.max(0, total - below)).build();
    }

    private static long flushes(Map<String, Long> metrics) {
        return metrics.entrySet().stream().filter(e -> e.getKey().startsWith("flushes."))
                .mapToLong(Map.Entry::getValue).sum();
    }
}
