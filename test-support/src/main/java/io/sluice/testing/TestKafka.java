package io.sluice.testing;

import io.sluice.kafka.embedded.EmbeddedKafkaBroker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The Kafka broker integration tests talk to, over the network like any client, found in this order:
 * {@code SLUICE_IT_KAFKA_BOOTSTRAP}, a Testcontainers broker where Docker runs, then the embedded broker.
 * When none answers, the error says why each could not help.
 */
public final class TestKafka {
    public static final String BOOTSTRAP_VARIABLE = "SLUICE_IT_KAFKA_BOOTSTRAP";
    static final String KAFKA_IMAGE = "apache/kafka:4.1.1";
    private static final Logger LOG = LoggerFactory.getLogger(TestKafka.class);
    private static String bootstrapServers;

    private TestKafka() {
    }

    /** {@code host:port} of a broker that answered. */
    public static synchronized String bootstrapServers() {
        if (bootstrapServers == null) {
            bootstrapServers = locate(System.getenv());
        }
        return bootstrapServers;
    }

    static String locate(Map<String, String> environment) {
        List<String> reasons = new ArrayList<>();
        String fromEnvironment = environment.get(BOOTSTRAP_VARIABLE);
        if (fromEnvironment == null || fromEnvironment.isBlank()) {
            reasons.add("env: " + BOOTSTRAP_VARIABLE + " is not set");
        } else if (answers(fromEnvironment, reasons, "env")) {
            return fromEnvironment;
        }
        String docker = ContainerDatabases.dockerProblem();
        if (!docker.isEmpty()) {
            reasons.add("testcontainers: " + docker);
        } else {
            KafkaContainer container = new KafkaContainer(KAFKA_IMAGE);
            container.start();
            if (answers(container.getBootstrapServers(), reasons, "testcontainers")) {
                return container.getBootstrapServers();
            }
        }
        try {
            String embedded = EmbeddedKafkaBroker.bootstrapServers();
            if (answers(embedded, reasons, "embedded")) {
                return embedded;
            }
        } catch (RuntimeException e) {
            reasons.add("embedded: " + e.getMessage());
        }
        throw new NoTestDatabaseException("No Kafka broker for the tests could be had. Tried " + String.join("; ",
                reasons));
    }

    private static boolean answers(String servers, List<String> reasons, String source) {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "15000");
        try (Admin admin = Admin.create(properties)) {
            admin.describeCluster().nodes().get(15, TimeUnit.SECONDS);
            LOG.info("Kafka test broker from {}: {}", source, servers);
            return true;
        } catch (Exception e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            reasons.add(source + ": " + servers + " did not answer (" + e + (cause == e ? "" : ", caused by " + cause)
                    + ")");
            return false;
        }
    }
}
