package io.sluice.kafka.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node Kafka broker in KRaft mode (broker and controller in one), started inside this process
 * on free local ports with its logs in a temporary directory, at most once per process, and stopped
 * when the JVM exits. A failed start is remembered, so later callers fail at once with the same cause.
 */
public final class EmbeddedKafkaBroker {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);
    private static final int NODE_ID = 1;
    private static String bootstrapServers;
    private static RuntimeException failure;

    private EmbeddedKafkaBroker() {
    }

    /** The broker's {@code host:port}; starts it on the first call in the process. */
    public static synchronized String bootstrapServers() {
        if (failure != null) {
            throw failure;
        }
        if (bootstrapServers == null) {
            try {
                bootstrapServers = start();
            } catch (Exception e) {
                failure = new IllegalStateException("Could not start the embedded Kafka broker: " + e.getMessage(), e);
                throw failure;
            }
        }
        return bootstrapServers;
    }

    private static String start() throws Exception {
        long begin = System.nanoTime();
        Path logDir = Files.createTempDirectory("sluice-kafka-");
        int brokerPort = freePort();
        int controllerPort = freePort();
        Properties properties = new Properties();
        properties.put("process.roles", "broker,controller");
        properties.put("node.id", String.valueOf(NODE_ID));
        properties.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
        properties.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        properties.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        properties.put("controller.listener.names", "CONTROLLER");
        properties.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        properties.put("inter.broker.listener.name", "PLAINTEXT");
        properties.put("log.dirs", logDir.toString());
        // One node: every internal topic has one replica, and a new consumer group needs no waiting.
        properties.put("offsets.topic.replication.factor", "1");
        properties.put("offsets.topic.num.partitions", "1");
        properties.put("transaction.state.log.replication.factor", "1");
        properties.put("transaction.state.log.min.isr", "1");
        properties.put("share.coordinator.state.topic.replication.factor", "1");
        properties.put("share.coordinator.state.topic.min.isr", "1");
        properties.put("group.initial.rebalance.delay.ms", "0");
        // A busy machine (a build, a test suite) can delay the broker's heartbeats to its own controller; the
        // default 9 s would then fence the only broker and take every partition offline for a while.
        properties.put("broker.session.timeout.ms", "60000");
        properties.put("num.partitions", "1");
        properties.put("auto.create.topics.enable", "true");
        KafkaConfig config = KafkaConfig.fromProps(properties, false);
        new Formatter()
                .setClusterId(Uuid.randomUuid().toString())
                .setNodeId(NODE_ID)
                .setDirectories(java.util.List.of(logDir.toString()))
                .setMetadataLogDirectory(logDir.toString())
                .setControllerListenerName("CONTROLLER")
                .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .run();
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, logDir), "stop-embedded-kafka"));
        String address = "127.0.0.1:" + brokerPort;
        LOG.info("Embedded Kafka broker started in {} ms; clients connect to {}",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin), address);
        return address;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void stop(KafkaRaftServer server, Path logDir) {
        try {
            server.shutdown();
            server.awaitShutdown();
            try (var files = Files.walk(logDir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        } catch (Exception e) {
            // The JVM is exiting; all that is left to do is say so.
            LOG.warn("Could not stop the embedded Kafka broker cleanly: {}", e.toString());
        }
    }
}
