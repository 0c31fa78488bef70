package io.sluice.kafka;

import io.sluice.api.types.LogicalType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * What a Kafka table can tell about each message besides its key and value, as Flink's Kafka connector
 * names it: {@code ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'}. A sink writes {@code timestamp} and
 * {@code headers} into each message when the table declares them without VIRTUAL.
 */
enum KafkaMetadata {
    TOPIC("topic", LogicalType.string().notNull(), false, ConsumerRecord::topic),
    PARTITION("partition", LogicalType.intType().notNull(), false, ConsumerRecord::partition),
    HEADERS("headers", LogicalType.map(LogicalType.string(), LogicalType.bytes()).notNull(), true,
            KafkaMetadata::headersOf),
    LEADER_EPOCH("leader-epoch", LogicalType.intType(), false, record -> record.leaderEpoch().orElse(null)),
    OFFSET("offset", LogicalType.bigint().notNull(), false, ConsumerRecord::offset),
    TIMESTAMP("timestamp", LogicalType.timestampLtz(3).notNull(), true,
            record -> Instant.ofEpochMilli(record.timestamp())),
    TIMESTAMP_TYPE("timestamp-type", LogicalType.string().notNull(), false, record -> record.timestampType().name);

    private final String key;
    private final LogicalType type;
    private final boolean writable;
    private final Function<ConsumerRecord<byte[], byte[]>, Object> reader;

    KafkaMetadata(String key, LogicalType type, boolean writable,
                  Function<ConsumerRecord<byte[], byte[]>, Object> reader) {
        this.key = key;
        this.type = type;
        this.writable = writable;
        this.reader = reader;
    }

    /** Every key with its type, for the planner's check of a source table's metadata columns. */
    static Map<String, LogicalType> readable() {
        Map<String, LogicalType> readable = new HashMap<>();
        for (KafkaMetadata metadata : values()) {
            readable.put(metadata.key, metadata.type);
        }
        return Map.copyOf(readable);
    }

    /** The keys a sink writes, with their types: NULL leaves the message without headers, or stamps it now. */
    static Map<String, LogicalType> writable() {
        Map<String, LogicalType> writable = new HashMap<>();
        for (KafkaMetadata metadata : values()) {
            if (metadata.writable) {
                writable.put(metadata.key, metadata.type.nullable());
            }
        }
        return Map.copyOf(writable);
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

    /** A message's headers by key; of a key sent more than once, the last value, as Flink reads them. */
    private static Map<String, byte[]> headersOf(ConsumerRecord<byte[], byte[]> record) {
        Map<String, byte[]> headers = new LinkedHashMap<>();
        for (Header header : record.headers()) {
            headers.put(header.key(), header.value());
        }
        return headers;
    }

    /** A {@code headers} column's value as the message's headers; a NULL key cannot be sent. */
    static List<Header> headersFrom(Map<?, ?> value) {
        List<Header> headers = new ArrayList<>(value.size());
        value.forEach((name, bytes) -> {
            if (name == null) {
                throw new IllegalArgumentException("a Kafka header needs a name: the 'headers' value has a NULL key");
            }
            headers.add(new RecordHeader((String) name, (byte[]) bytes));
        });
        return headers;
    }
}
