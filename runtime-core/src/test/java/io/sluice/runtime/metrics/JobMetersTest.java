package io.sluice.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The names a monitoring system scrapes, and their values following the job's progress reports. */
class JobMetersTest {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final LatencyHistograms histograms = new LatencyHistograms();
    private final JobMeters meters = new JobMeters(registry, histograms, "job-1", JobObserver.NONE);

    private static JobProgress progress(long rows, long flushes) {
        Map<String, Long> sink = Map.ofEntries(Map.entry("rows-received", rows), Map.entry("upserts", rows - 3),
                Map.entry("deletes", 1L), Map.entry("flushes.count", flushes), Map.entry("flushes.checkpoint", 1L),
                Map.entry("retries.connection", 1L), Map.entry("buffer-size", 3L),
                Map.entry("backpressure-ms", 1500L), Map.entry("flush-ms", 250L),
                Map.entry("flush-latency-p50-ms", 100L), Map.entry("flush-latency-p99-ms", 200L),
                Map.entry("round-trips", 4L), Map.entry("flush-latency.le-100-ms", 1L),
                Map.entry("flush-latency.le-250-ms", 2L), Map.entry("flush-latency.le-60000-ms", 3L));
        Map<String, Long> source = Map.of("messages-skipped", 2L, "lag.clicks-0", 5L);
        return new JobProgress(rows + 90, rows, 2, 350, 4096, 1500, 0, Map.of("orders", sink), Map.of("clicks", source));
    }

    @Test
    void everyCounterHasAPrometheusNameTaggedWithTheJobAndTable() {
        meters.onProgress(progress(10, 2));

        assertThat(lines()).contains(
                "sluice_job_rows_in_total{job=\"job-1\"} 100.0",
                "sluice_job_rows_out_total{job=\"job-1\"} 10.0",
                "sluice_job_checkpoints_completed_total{job=\"job-1\"} 2.0",
                "sluice_job_lag_seconds{job=\"job-1\"} 1.5",
                "sluice_job_checkpoint_duration_seconds{job=\"job-1\"} 0.35",
                "sluice_job_checkpoint_size_bytes{job=\"job-1\"} 4096.0",
                "sluice_sink_rows_received_total{job=\"job-1\",table=\"orders\"} 10.0",
                "sluice_sink_rows_written_total{job=\"job-1\",kind=\"upsert\",table=\"orders\"} 7.0",
                "sluice_sink_rows_written_total{job=\"job-1\",kind=\"delete\",table=\"orders\"} 1.0",
                "sluice_sink_flushes_total{job=\"job-1\",reason=\"count\",table=\"orders\"} 2.0",
                "sluice_sink_retries_total{class=\"connection\",job=\"job-1\",table=\"orders\"} 1.0",
                "sluice_sink_buffered_rows{job=\"job-1\",table=\"orders\"} 3.0",
                "sluice_sink_backpressure_seconds_total{job=\"job-1\",table=\"orders\"} 1.5",
                "sluice_sink_flush_seconds_count{job=\"job-1\",table=\"orders\"} 3",
                "sluice_sink_flush_seconds_sum{job=\"job-1\",table=\"orders\"} 0.25",
                "sluice_sink_flush_latency_recent_seconds{job=\"job-1\",percentile=\"99\",table=\"orders\"} 0.2",
                "sluice_sink_round_trips_total{job=\"job-1\",table=\"orders\"} 4.0",
                "sluice_source_messages_skipped_total{job=\"job-1\",table=\"clicks\"} 2.0",
                "sluice_source_lag_records{job=\"job-1\",partition=\"clicks-0\",table=\"clicks\"} 5.0");
    }

    @Test
    void theFlushLatencyBucketsAreOnePrometheusHistogram() {
        registry.getPrometheusRegistry().register(histograms);
        meters.onProgress(progress(10, 2));

        assertThat(lines()).contains(
                "sluice_sink_flush_latency_seconds_bucket{job=\"job-1\",table=\"orders\",le=\"0.1\"} 1",
                "sluice_sink_flush_latency_seconds_bucket{job=\"job-1\",table=\"orders\",le=\"0.25\"} 2",
                "sluice_sink_flush_latency_seconds_bucket{job=\"job-1\",table=\"orders\",le=\"60.0\"} 3",
                "sluice_sink_flush_latency_seconds_bucket{job=\"job-1\",table=\"orders\",le=\"+Inf\"} 3",
                "sluice_sink_flush_latency_seconds_count{job=\"job-1\",table=\"orders\"} 3",
                "sluice_sink_flush_latency_seconds_sum{job=\"job-1\",table=\"orders\"} 0.25");
        assertThat(registry.scrape()).doesNotContain("flush_latency_le");
        meters.onFinished(progress(10, 2));
        assertThat(registry.scrape()).doesNotContain("sluice_sink_flush_latency_seconds_bucket");
    }

    @Test
    void countersFollowTheLatestReportAndLeaveWithTheJob() {
        meters.onProgress(progress(10, 2));
        meters.onProgress(progress(50, 9));

        assertThat(lines()).contains("sluice_sink_rows_received_total{job=\"job-1\",table=\"orders\"} 50.0",
                "sluice_sink_flushes_total{job=\"job-1\",reason=\"count\",table=\"orders\"} 9.0");

        meters.onFinished(progress(60, 10));
        assertThat(registry.scrape()).doesNotContain("job=\"job-1\"");
    }

    private List<String> lines() {
        return registry.scrape().lines().filter(line -> !line.startsWith("#")).toList();
    }
}
