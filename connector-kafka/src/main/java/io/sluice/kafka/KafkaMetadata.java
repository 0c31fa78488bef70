package io.sluice.kafka;

import io.sluice.api.types.LogicalType;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What a Kafka source can tell about each message besides its key and value, as Flink's Kafka connector
 * names it: {@code ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'}.
 */
enum KafkaMetadata {
    TOPIC("topic", LogicalType.string().notNull(), ConsumerRecord::topic),
    PARTITION("partition", LogicalType.intType().notNull(), ConsumerRecord::partition),
    OFFSET("offset", LogicalType.bigint().notNull(), ConsumerRecord::offset),
    TIMESTAMP("timestamp", LogicalType.timestampLtz(3).notNull(), record -> Instant.ofEpochMilli(record.timestamp())),
    TIMESTAMP_TYPE("timestamp-type", LogicalType.string().notNull(), record -> record.timestampType().name),
    LEADER_EPOCH("leader-epoch", LogicalType.intType(), record -> record.leaderEpoch().orElse(null));

    private final String key;
    private final LogicalType type;
    private final Function<ConsumerRecord<byte[], byte[]>, Object> reader;

    KafkaMetadata(String key, LogicalType type, Function<ConsumerRecord<byte[], byte[]>, Object> reader) {
        this.key = key;
        this.type = type;
        this.reader = reader;
    }

    /** Every key with its type, for the planner's check of a table's metadata columns. */
    static Map<String, LogicalType> readable() {
        Map<String, LogicalType> readable = new java.util.HashMap<>();
        for (KafkaMetadata metadata : values()) {
            readable.put(metadata.key, metadata.type);
        }
        return Map.copyOf(readable);
    }

    static KafkaMetadata of(String key) {
        for (KafkaMetadata metadata : values()) {
            if (metadata.key.equals(key)) {
                return metadata;
            }
        }
        throw new IllegalArgumentException("no Kafka metadata '" + key + "'");
    }

    Object read(ConsumerRecord<byte[], byte[]> record) {
        return reader.apply(record);
    }
}
