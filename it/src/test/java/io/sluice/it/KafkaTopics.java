package io.sluice.it;

import io.sluice.testing.TestKafka;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The test broker seen from outside Sluice: creates topics, writes messages and reads them back. */
public final class KafkaTopics {
    /** The script variable holding the broker's address. */
    static final String BOOTSTRAP_VARIABLE = "KAFKA";

    private KafkaTopics() {
    }

    public static String bootstrapServers() {
        return TestKafka.bootstrapServers();
    }

    /** The {@code ${KAFKA}} value of scripts. */
    static Map<String, String> scriptEnvironment() {
        return Map.of(BOOTSTRAP_VARIABLE, bootstrapServers());
    }

    /** A new topic of {@code partitions} partitions, named after {@code prefix}. */
    public static String create(String prefix, int partitions) throws Exception {
        String topic = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            awaitLeaders(admin, topic, partitions);
        }
        return topic;
    }

    /**
     * Waits until every partition of a new topic has a leader: a producer that writes to a partition the
     * broker is still setting up retries its first batch, and an idempotent producer with batches in flight
     * can then fail them all with an out-of-order sequence.
     */
    private static void awaitLeaders(Admin admin, String topic, int partitions) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                var description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS)
                        .get(topic);
                if (description.partitions().size() == partitions
                        && description.partitions().stream().allMatch(partition -> partition.leader() != null)) {
                    return;
                }
            } catch (java.util.concurrent.ExecutionException e) {
                // Right after creating it the broker may not know the topic yet: ask again.
                if (!(e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("Topic " + topic + " has no leader for every partition after 30 s");
    }

    /** Writes {@code values} (null: a tombstone) with {@code key} to {@code partition}, in order. */
    public static void send(String topic, int partition, String key, List<String> values) throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(topic, partition, bytes(key), bytes(value))).get(30,
                        TimeUnit.SECONDS);
            }
        }
    }

    /** Writes one message with {@code value} and the headers {@code headers} (name, then value) to partition 0. */
    static void sendWithHeaders(String topic, String value, String... headers) throws Exception {
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, 0, null, bytes(value));
        for (int i = 0; i < headers.length; i += 2) {
            record.headers().add(headers[i], bytes(headers[i + 1]));
        }
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            producer.send(record).get(30, TimeUnit.SECONDS);
        }
    }

    static void send(String topic, List<String> values) throws Exception {
        send(topic, 0, null, values);
    }

    /** Every message of {@code topic} as {@code key=value}, partition by partition. */
    static List<String> read(String topic) {
        return read(topic, "read_uncommitted");
    }

    /** The messages of {@code topic} that committed transactions wrote (and those written without one). */
    public static List<String> readCommitted(String topic) {
        return read(topic, "read_committed");
    }

    private static List<String> read(String topic, String isolationLevel) {
        return records(topic, isolationLevel).stream()
                .map(record -> text(record.key()) + "=" + text(record.value())).toList();
    }

    /** Every message of {@code topic}, partition by partition, with its timestamp and headers. */
    static List<ConsumerRecord<byte[], byte[]>> records(String topic) {
        return records(topic, "read_uncommitted");
    }

    private static List<ConsumerRecord<byte[], byte[]>> records(String topic, String isolationLevel) {
        Properties properties = new Properties();
        properties.put("bootstrap.servers", bootstrapServers());
        properties.put("isolation.level", isolationLevel);
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .sorted(java.util.Comparator.comparingInt(TopicPartition::partition)).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            List<ConsumerRecord<byte[], byte[]>> messages = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))
                    && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(messages::add);
            }
            return messages;
        }
    }

    /** A producer of the test broker, for tests that write at their own pace. */
    public static KafkaProducer<byte[], byte[]> producer() {
        // One request in flight: a busy test machine can slow the broker enough for a request to time out,
        // and batches queued behind it must not then be failed as out of sequence.
        return new KafkaProducer<>(Map.of("bootstrap.servers", bootstrapServers(),
                "max.in.flight.requests.per.connection", 1, "request.timeout.ms", 60_000,
                "delivery.timeout.ms", 300_000), new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
