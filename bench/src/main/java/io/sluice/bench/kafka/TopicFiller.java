package io.sluice.bench.kafka;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Creates a topic and writes a benchmark's seeded messages into it, spread over its partitions. */
final class TopicFiller {
    private TopicFiller() {
    }

    /** Writes message {@code i} of {@code messages} to partition {@code partitionOf(i)} of a new topic. */
    static void fill(String servers, String topic, int partitions, long messages, LongFunction<String> message,
                     java.util.function.LongToIntFunction partitionOf) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(1, TimeUnit.MINUTES);
        }
        Map<String, Object> properties = Map.of("bootstrap.servers", servers, "linger.ms", 20, "batch.size", 1 << 20,
                "compression.type", "lz4");
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(properties, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            for (long i = 0; i < messages; i++) {
                producer.send(new ProducerRecord<>(topic, partitionOf.applyAsInt(i), null,
                        message.apply(i).getBytes(StandardCharsets.UTF_8)));
            }
            producer.flush();
        }
    }

    /** A page view: {@code {"user_id": 4711, "page": "/p/17", "ms": 230, "ts": "2026-12-02 10:15:30.123"}}. */
    static String pageView(long i) {
        Random random = new Random(i * 0x9E3779B97F4A7C15L);
        return "{\"user_id\": " + random.nextInt(1_000_000) + ", \"page\": \"/p/" + random.nextInt(10_000)
                + "\", \"ms\": " + random.nextInt(2_000) + ", \"ts\": \"2026-12-02 10:" + two(i / 60_000 % 60) + ":"
                + two(i / 1_000 % 60) + "." + (i % 1_000 + 1_000 + "").substring(1) + "\"}";
    }

    /**
     * The {@code i}-th Debezium change of an orders table of {@code keys} orders: a create for an order's
     * first change, then updates of its amount, and every tenth change a delete (the next change of that
     * order creates it again).
     */
    static String orderChange(long i, long keys) {
        long order = i % keys;
        long version = i / keys;
        String before = version == 0 || (version - 1) % 10 == 9 ? "null" : order(order, version - 1);
        if (version % 10 == 9) {
            return "{\"before\": " + before + ", \"after\": null, \"op\": \"d\"}";
        }
        return "{\"before\": " + before + ", \"after\": " + order(order, version) + ", \"op\": \""
                + (before.equals("null") ? "c" : "u") + "\"}";
    }

    private static String order(long order, long version) {
        return "{\"id\": " + order + ", \"store\": " + order % 100 + ", \"amount\": " + (order * 7 + version * 13) % 10_000
                + ".25}";
    }

    private static String two(long value) {
        return value < 10 ? "0" + value : Long.toString(value);
    }
}
