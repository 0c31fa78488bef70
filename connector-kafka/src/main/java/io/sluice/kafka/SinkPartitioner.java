package io.sluice.kafka;

import io.sluice.api.connector.SinkContext;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.clients.producer.Producer;

/**
 * Chooses the partition of each message, as {@code sink.partitioner} says: {@code default} leaves it to
 * the producer (by key hash, sticky without a key), {@code fixed} sends each subtask to one partition,
 * {@code round-robin} cycles through the partitions, and a class name becomes the producer's
 * {@code partitioner.class}.
 */
@FunctionalInterface
interface SinkPartitioner {

    /** The partition for the next message, or null to let the producer decide. */
    Integer partition(Producer<byte[], byte[]> producer, String topic, SinkContext context);

    static SinkPartitioner of(KafkaTable table, Properties producerProperties) {
        String name = table.options().get(KafkaOptions.SINK_PARTITIONER).trim();
        SinkPartitioner producerDecides = (producer, topic, context) -> null;
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "default" -> producerDecides;
            case "fixed" -> (producer, topic, context) -> context.subtaskIndex() % producer.partitionsFor(topic).size();
            case "round-robin" -> {
                int[] next = {0};
                yield (producer, topic, context) -> Math.floorMod(next[0]++, producer.partitionsFor(topic).size());
            }
            default -> {
                producerProperties.put("partitioner.class", name);
                yield producerDecides;
            }
        };
    }
}
