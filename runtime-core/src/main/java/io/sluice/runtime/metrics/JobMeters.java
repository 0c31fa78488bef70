package io.sluice.runtime.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.sluice.api.connector.HistogramBuckets;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Publishes one job's counters as Micrometer meters, tagged with the job: the job's rows and
 * checkpoints, and each sink's and source's own counters, named after Prometheus conventions
 * ({@code sluice_sink_rows_received_total{job, table}}). The values are those of the latest progress
 * report (about once a second); a sink or source counter is registered when it first appears. When the
 * job ends its meters are removed. Passes every report on to {@code next}.
 */
final class JobMeters implements JobObserver {
    private static final JobProgress NOTHING_YET = new JobProgress(0, 0, 0, 0, 0, 0, 0, Map.of(), Map.of());
    private static final String LATENCY_PREFIX = "flush-latency-p";

    private final MeterRegistry registry;
    private final String job;
    private final Tags jobTags;
    private final JobObserver next;
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private final List<Meter> meters = new CopyOnWriteArrayList<>();
    private volatile JobProgress latest = NOTHING_YET;

    private final LatencyHistograms histograms;

    JobMeters(MeterRegistry registry, LatencyHistograms histograms, String job, JobObserver next) {
        this.registry = registry;
        this.histograms = histograms;
        histograms.add(this);
        this.job = job;
        this.jobTags = Tags.of("job", job);
        this.next = next;
        counter("sluice.job.rows.in", "rows the sources read", jobTags, p -> p.rowsIn());
        counter("sluice.job.rows.out", "rows handed to the sinks", jobTags, p -> p.rowsOut());
        counter("sluice.job.checkpoints.completed", "checkpoints completed", jobTags, p -> p.checkpoints());
        counter("sluice.job.late.rows.dropped", "rows dropped because all their windows had fired", jobTags,
                p -> p.lateRowsDropped());
        gauge("sluice.job.lag", "seconds", "how far the slowest source's newest row is behind the wall clock",
                jobTags, p -> p.lagMillis() / 1000.0);
        gauge("sluice.job.checkpoint.duration", "seconds", "how long the newest checkpoint took until durable",
                jobTags, p -> p.lastCheckpointMillis() / 1000.0);
        gauge("sluice.job.checkpoint.size", "bytes", "the size of the newest checkpoint", jobTags,
                p -> p.lastCheckpointBytes());
    }

    String job() {
        return job;
    }

    /** The job's latest progress report. */
    JobProgress latest() {
        return latest;
    }

    @Override
    public void onProgress(JobProgress progress) {
        publish(progress);
        next.onProgress(progress);
    }

    @Override
    public void onFinished(JobProgress finalProgress) {
        latest = finalProgress;
        meters.forEach(registry::remove);
        histograms.remove(this);
        next.onFinished(finalProgress);
    }

    private void publish(JobProgress progress) {
        latest = progress;
        progress.sinkMetrics().forEach((table, metrics) -> metrics.keySet().forEach(key -> registerSink(table, key)));
        progress.sourceMetrics().forEach((table, metrics) -> metrics.keySet()
                .forEach(key -> registerSource(table, key)));
    }

    private void registerSink(String table, String key) {
        // A histogram's buckets are one Prometheus histogram (LatencyHistograms), not a counter each.
        if (HistogramBuckets.isBucket(key) || !registered.add("sink/" + table + "/" + key)) {
            return;
        }
        Tags tags = jobTags.and("table", table);
        ToDoubleFunction<JobProgress> value = p -> p.sinkMetrics().getOrDefault(table, Map.of()).getOrDefault(key, 0L);
        ToDoubleFunction<JobProgress> seconds = p -> value.applyAsDouble(p) / 1000.0;
        if (key.startsWith("flushes.")) {
            counter("sluice.sink.flushes", "flushes committed, by what started them",
                    tags.and("reason", key.substring("flushes.".length())), value);
        } else if (key.startsWith("retries.")) {
            counter("sluice.sink.retries", "flushes retried, by failure class",
                    tags.and("class", key.substring("retries.".length())), value);
        } else if (key.startsWith(LATENCY_PREFIX) && key.endsWith("-ms")) {
            String percentile = key.substring(LATENCY_PREFIX.length(), key.length() - "-ms".length());
            gauge("sluice.sink.flush.latency.recent", "seconds", "flush time over recent flushes, by percentile",
                    tags.and("percentile", percentile), seconds);
        } else {
            switch (key) {
                case "inserts", "upserts", "deletes" -> counter("sluice.sink.rows.written", "rows written, by statement",
                        tags.and("kind", key.substring(0, key.length() - 1)), value);
                case "buffer-size" -> gauge("sluice.sink.buffered.rows", null, "keys or rows waiting for the next flush",
                        tags, value);
                case "backpressure-ms" -> secondsCounter("sluice.sink.backpressure",
                        "time the job waited for a flush in flight", tags, seconds);
                case "flush-ms" -> meters.add(FunctionTimer.builder("sluice.sink.flush", this,
                                m -> flushes(m.latest, table), m -> value.applyAsDouble(m.latest), TimeUnit.MILLISECONDS)
                        .description("committed flushes and the time they took").tags(tags).register(registry));
                default -> counter("sluice.sink." + key.replace('-', '.'), "the sink's " + key + " counter", tags, value);
            }
        }
    }

    private static long flushes(JobProgress progress, String table) {
        return progress.sinkMetrics().getOrDefault(table, Map.of()).entrySet().stream()
                .filter(e -> e.getKey().startsWith("flushes.")).mapToLong(Map.Entry::getValue).sum();
    }

    private void registerSource(String table, String key) {
        if (!registered.add("source/" + table + "/" + key)) {
            return;
        }
        Tags tags = jobTags.and("table", table);
        ToDoubleFunction<JobProgress> value = p -> p.sourceMetrics().getOrDefault(table, Map.of()).getOrDefault(key, 0L);
        if (key.startsWith("lag.")) {
            gauge("sluice.source.lag.records", null, "records of a partition not read yet",
                    tags.and("partition", key.substring("lag.".length())), value);
        } else {
            counter("sluice.source." + key.replace('-', '.'), "the source's " + key + " counter", tags, value);
        }
    }

    private void counter(String name, String description, Tags tags, ToDoubleFunction<JobProgress> value) {
        meters.add(FunctionCounter.builder(name, this, m -> value.applyAsDouble(m.latest)).description(description)
                .tags(tags).register(registry));
    }

    private void secondsCounter(String name, String description, Tags tags, ToDoubleFunction<JobProgress> value) {
        meters.add(FunctionCounter.builder(name, this, m -> value.applyAsDouble(m.latest)).baseUnit("seconds")
                .description(description).tags(tags).register(registry));
    }

    private void gauge(String name, String unit, String description, Tags tags, ToDoubleFunction<JobProgress> value) {
        Gauge.Builder<JobMeters> builder = Gauge.builder(name, this, m -> value.applyAsDouble(m.latest))
                .description(description).tags(tags);
        meters.add((unit == null ? builder : builder.baseUnit(unit)).register(registry));
    }
}
