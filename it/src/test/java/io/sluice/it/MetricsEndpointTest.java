package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.planner.TableEnvironment;
import io.sluice.planner.TableResult;
import io.sluice.runtime.metrics.ProcessMetrics;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A monitoring system's view: the job's meters scraped over HTTP while it runs, moving, under stable names. */
@ExtendWith(TestDatabases.class)
class MetricsEndpointTest {
    private static final Pattern ROWS_IN = Pattern.compile("(?m)^sluice_job_rows_in_total\\{job=\"[^\"]+\"} (\\S+)$");
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void countersMoveWhileAJobRunsIntoPostgres(@Postgres TestDatabase database) throws Exception {
        // Learn this process's metrics port first (0: any free one); the job asks for the same.
        int port = ProcessMetrics.serve(0, "metrics.prometheus.port");
        String table = TestDatabase.uniqueName("clicks_per_user");
        TableEnvironment environment = TableEnvironment.create(Map.of("metrics.prometheus.port", Integer.toString(port)));
        environment.executeSql("CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'datagen', "
                + "'rows-per-second' = '500', 'number-of-rows' = '5000', 'fields.user_id.min' = '1', "
                + "'fields.user_id.max' = '50')");
        environment.executeSql("CREATE TABLE per_user (user_id INT, clicks BIGINT, PRIMARY KEY (user_id) NOT ENFORCED)"
                + " WITH ('connector' = 'jdbc', 'url' = '" + database.jdbcUrl() + "', 'table-name' = '" + table + "', "
                + "'username' = '" + database.user() + "', 'password' = '"
                + (database.password() == null ? "" : database.password()) + "', 'sink.auto-create' = 'true', "
                + "'sink.buffer-flush.max-rows' = '100', 'sink.buffer-flush.interval' = '200 ms')");
        TableResult job = environment.executeSql("INSERT INTO per_user SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id");
        CompletableFuture<Void> done = CompletableFuture.runAsync(() -> job.forEach(row -> { }));
        try {
            double first = awaitRowsIn(port, 0);
            double later = awaitRowsIn(port, first);
            assertThat(later).isGreaterThan(first);
            String text = scrape(port);
            assertThat(text).contains("sluice_job_rows_out_total{job=", "sluice_job_checkpoints_completed_total{job=",
                    "sluice_sink_rows_received_total{job=", "sluice_sink_flushes_total{job=",
                    "sluice_sink_rows_written_total{job=", "sluice_sink_flush_seconds_count{job=",
                    "sluice_sink_buffered_rows{job=", "sluice_sink_backpressure_seconds_total{job=",
                    "# TYPE sluice_sink_flush_latency_seconds histogram", "sluice_sink_flush_latency_seconds_bucket{job=",
                    ",table=\"per_user\"}");
        } finally {
            job.cancel();
            done.get(60, TimeUnit.SECONDS);
            try (var connection = database.open(); var statement = connection.createStatement()) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    /** Scrapes until the job has read more than {@code above} rows; the job reports about once a second. */
    private double awaitRowsIn(int port, double above) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Matcher rows = ROWS_IN.matcher(scrape(port));
            if (rows.find() && Double.parseDouble(rows.group(1)) > above) {
                return Double.parseDouble(rows.group(1));
            }
            Thread.sleep(200);
        }
        throw new AssertionError("sluice_job_rows_in_total did not go above " + above + " within 30 s:\n" + scrape(port));
    }

    private String scrape(int port) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
