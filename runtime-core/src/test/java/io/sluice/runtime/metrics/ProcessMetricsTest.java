package io.sluice.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.sluice.api.options.ValidationException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProcessMetricsTest {

    @Test
    void servesEveryMeterOfTheProcessInPrometheusTextOnOnePort() throws Exception {
        int port = ProcessMetrics.serve(0, "metrics.prometheus.port");
        Counter.builder("sluice.test.served").register(ProcessMetrics.registry()).increment(3);

        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + port + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("text/plain; version=0.0.4"));
        assertThat(response.body()).contains("sluice_test_served_total 3.0");
        assertThat(ProcessMetrics.serve(0, "metrics.prometheus.port")).as("one endpoint per process").isEqualTo(port);
    }

    @Test
    void aPortOutOfRangeFailsNamingTheOption() {
        assertThatThrownBy(() -> ProcessMetrics.serve(70_000, "metrics.prometheus.port"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Option 'metrics.prometheus.port' = '70000' is not a port (0 to 65535)");
    }
}
