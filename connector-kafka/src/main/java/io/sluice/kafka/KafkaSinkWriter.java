package io.sluice.kafka;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.RowEncoder;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Sends one subtask's rows to the topic. Sends are asynchronous; the first failure the producer reports
 * fails the job at once and every later call. With at-least-once delivery a checkpoint, a flush and
 * close wait until the brokers acknowledged everything sent.
 */
final class KafkaSinkWriter implements SinkWriter {
    private final KafkaTable table;
    private final String topic;
    private final SinkContext context;
    private final MessageLayout layout;
    private final RowEncoder keyEncoder;
    private final RowEncoder valueEncoder;
    private final boolean atLeastOnce;
    private final SinkPartitioner partitioner;
    private final KafkaProducer<byte[], byte[]> producer;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final Callback callback;
    private long received;
    private long sent;

    KafkaSinkWriter(KafkaTable table, String topic, SinkContext context) {
        this.table = table;
        this.topic = topic;
        this.context = context;
        this.layout = table.layout();
        this.keyEncoder = table.keyEncoder();
        this.valueEncoder = table.valueEncoder();
        this.atLeastOnce = table.options().get(KafkaOptions.SINK_DELIVERY_GUARANTEE)
                == KafkaOptions.DeliveryGuarantee.AT_LEAST_ONCE;
        Properties properties = table.clientProperties();
        properties.putIfAbsent("client.id", "sluice-" + table.identifier().table() + "-sink-" + context.subtaskIndex());
        this.partitioner = SinkPartitioner.of(table, properties);
        this.producer = new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer());
        this.callback = (metadata, error) -> {
            if (error != null && failure.compareAndSet(null, failed("sending to topic '" + topic + "' failed", error))) {
                context.failureHandler().accept(failure.get());
            }
        };
    }

    @Override
    public void write(Row row) {
        checkFailure();
        received++;
        byte[] key = layout.encodeKey(keyEncoder, row);
        byte[] value;
        if (table.isUpsert()) {
            value = row.kind() == RowKind.DELETE || row.kind() == RowKind.UPDATE_BEFORE ? null
                    : layout.encodeValue(valueEncoder, Row.of(RowKind.INSERT, row.fields()));
        } else {
            value = layout.encodeValue(valueEncoder, row);
            if (value == null) {
                return;
            }
        }
        Integer partition = partitioner.partition(producer, topic, context);
        try {
            producer.send(new ProducerRecord<>(topic, partition, key, value), callback);
        } catch (KafkaException e) {
            throw failed("sending to topic '" + topic + "' failed", e);
        }
        sent++;
    }

    @Override
    public void flush() {
        checkFailure();
        try {
            producer.flush();
        } catch (KafkaException e) {
            throw failed("flushing to topic '" + topic + "' failed", e);
        }
        checkFailure();
    }

    @Override
    public void snapshot(long checkpointId) {
        if (atLeastOnce) {
            flush();
        } else {
            checkFailure();
        }
    }

    @Override
    public Map<String, Long> metrics() {
        return Map.of("rows-received", received, "messages-sent", sent);
    }

    @Override
    public void close() {
        try {
            if (atLeastOnce && failure.get() == null) {
                flush();
            }
        } finally {
            producer.close(Duration.ofSeconds(30));
        }
    }

    private void checkFailure() {
        RuntimeException failed = failure.get();
        if (failed != null) {
            throw failed;
        }
    }

    private RuntimeException failed(String what, Exception cause) {
        return new IllegalStateException("Table '" + table.identifier() + "': " + what + ": " + cause.getMessage(),
                cause);
    }
}
