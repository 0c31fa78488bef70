package io.sluice.runtime.metrics;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.jmx.JmxConfig;
import io.micrometer.jmx.JmxMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.api.options.ValidationException;
import io.sluice.runtime.JobObserver;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The meters of every job in this process: always in JMX (domain {@code sluice}), and served in
 * Prometheus' text format at {@code http://host:PORT/metrics} once a job asks for a port
 * ({@code metrics.prometheus.port}). One endpoint per process: jobs tell their meters apart by the
 * {@code job} tag.
 */
public final class ProcessMetrics {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessMetrics.class);
    private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final CompositeMeterRegistry REGISTRY = new CompositeMeterRegistry();
    private static final LatencyHistograms HISTOGRAMS = new LatencyHistograms();
    private static HttpServer server;

    static {
        REGISTRY.add(new JmxMeterRegistry(new JmxConfig() {
            @Override
            public String get(String key) {
                return null;
            }

            @Override
            public String domain() {
                return "sluice";
            }
        }, Clock.SYSTEM));
    }

    private ProcessMetrics() {
    }

    public static CompositeMeterRegistry registry() {
        return REGISTRY;
    }

    /** Publishes a job's meters until it ends, its histograms included. */
    public static JobObserver observe(String job, JobObserver next) {
        return new JobMeters(REGISTRY, HISTOGRAMS, job, next);
    }

    /**
     * Serves the meters on {@code port} (0: any free port) unless this process serves them already.
     *
     * @return the port they are served on
     * @throws ValidationException when the port cannot be bound, naming it and the option
     */
    public static synchronized int serve(int port, String option) {
        if (port < 0 || port > 65_535) {
            throw new ValidationException("Option '" + option + "' = '" + port + "' is not a port (0 to 65535)");
        }
        if (server != null) {
            if (port != 0 && port != server.getAddress().getPort()) {
                LOG.warn("Metrics stay on port {}: this process serves them there already, not on {}",
                        server.getAddress().getPort(), port);
            }
            return server.getAddress().getPort();
        }
        try {
            HttpServer started = HttpServer.create(new InetSocketAddress(port), 0);
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            registry.getPrometheusRegistry().register(HISTOGRAMS);
            started.createContext("/metrics", exchange -> {
                byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            started.setExecutor(Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "sluice-metrics-http");
                thread.setDaemon(true);
                return thread;
            }));
            started.start();
            REGISTRY.add(registry);
            server = started;
            LOG.info("Metrics in Prometheus format at http://localhost:{}/metrics", started.getAddress().getPort());
            return started.getAddress().getPort();
        } catch (IOException e) {
            throw new ValidationException("Option '" + option + "' = '" + port + "': cannot serve metrics on port "
                    + port + ": " + e.getMessage());
        }
    }
}
