package io.sluice.kafka;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.RowEncoder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Turns a sink subtask's rows into the topic's messages: the key and the value in their formats, the
 * partition {@code sink.partitioner} picks, and the timestamp and headers of the table's {@code timestamp}
 * and {@code headers} metadata columns where it writes them (NULL: the producer's clock, no headers). An
 * upsert-kafka delete (or -U) is a tombstone: a null value.
 */
final class SinkMessages {
    private final KafkaTable table;
    private final String topic;
    private final SinkContext context;
    private final MessageLayout layout;
    private final RowEncoder keyEncoder;
    private final RowEncoder valueEncoder;
    private final SinkPartitioner partitioner;
    /** The row's fields that hold the message's timestamp and headers; -1 when the table writes none. */
    private final int timestampField;
    private final int headersField;

    SinkMessages(KafkaTable table, String topic, SinkContext context, SinkPartitioner partitioner) {
        this.table = table;
        this.topic = topic;
        this.context = context;
        this.layout = table.layout();
        this.keyEncoder = table.keyEncoder();
        this.valueEncoder = table.valueEncoder();
        this.partitioner = partitioner;
        this.timestampField = layout.metadataField(KafkaMetadata.TIMESTAMP);
        this.headersField = layout.metadataField(KafkaMetadata.HEADERS);
    }

    /** The message for {@code row}, or null when the value format writes nothing for its kind. */
    ProducerRecord<byte[], byte[]> of(Row row, Producer<byte[], byte[]> producer) {
        byte[] key = layout.encodeKey(keyEncoder, row);
        byte[] value;
        if (table.isUpsert()) {
            value = row.kind() == RowKind.DELETE || row.kind() == RowKind.UPDATE_BEFORE ? null
                    : layout.encodeValue(valueEncoder, Row.of(RowKind.INSERT, row.fields()));
        } else {
            value = layout.encodeValue(valueEncoder, row);
            if (value == null) {
                return null;
            }
        }
        return new ProducerRecord<>(topic, partitioner.partition(producer, topic, context), timestamp(row), key, value,
                headers(row));
    }

    private Long timestamp(Row row) {
        Object value = timestampField < 0 ? null : row.field(timestampField);
        return value == null ? null : ((Instant) value).toEpochMilli();
    }

    private List<Header> headers(Row row) {
        Object value = headersField < 0 ? null : row.field(headersField);
        return value == null ? null : KafkaMetadata.headersFrom((Map<?, ?>) value);
    }
}
