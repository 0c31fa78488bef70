package io.sluice.kafka;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Sends one subtask's rows to the topic. Sends are asynchronous; the first failure the producer reports
 * fails the job at once and every later call. With at-least-once delivery a checkpoint, a flush and
 * close wait until the brokers acknowledged everything sent. An upsert-kafka writer with
 * {@code sink.buffer-flush.*} keeps the last change per key ({@link UpsertBuffer}) and sends them when
 * the buffer is full, on its interval (from a timer thread), and before a checkpoint, a flush or close.
 */
final class KafkaSinkWriter implements SinkWriter {
    private final KafkaTable table;
    private final String topic;
    private final SinkContext context;
    private final boolean atLeastOnce;
    private final SinkMessages messages;
    private final KafkaProducer<byte[], byte[]> producer;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final Callback callback;
    private final UpsertBuffer buffer;
    private final ScheduledExecutorService timer;
    private long received;
    private long sent;

    KafkaSinkWriter(KafkaTable table, String topic, SinkContext context) {
        this.table = table;
        this.topic = topic;
        this.context = context;
        this.atLeastOnce = table.options().get(KafkaOptions.SINK_DELIVERY_GUARANTEE)
                == KafkaOptions.DeliveryGuarantee.AT_LEAST_ONCE;
        Properties properties = table.clientProperties();
        properties.putIfAbsent("client.id", "sluice-" + table.identifier().table() + "-sink-" + context.subtaskIndex());
        this.messages = new SinkMessages(table, topic, context, SinkPartitioner.of(table, properties));
        this.producer = new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer());
        this.callback = (metadata, error) -> {
            if (error != null) {
                fail(failed("sending to topic '" + topic + "' failed", error));
            }
        };
        int maxRows = table.options().get(KafkaOptions.SINK_BUFFER_MAX_ROWS);
        long intervalMillis = table.options().get(KafkaOptions.SINK_BUFFER_INTERVAL).toMillis();
        this.buffer = table.isUpsert() && maxRows > 0 ? new UpsertBuffer(maxRows) : null;
        this.timer = buffer == null ? null : Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "kafka-sink-flush-" + table.identifier().table());
            thread.setDaemon(true);
            return thread;
        });
        if (timer != null) {
            timer.scheduleWithFixedDelay(this::flushOnTimer, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void fail(RuntimeException error) {
        if (failure.compareAndSet(null, error)) {
            context.failureHandler().accept(error);
        }
    }

    private void flushOnTimer() {
        try {
            sendBuffered();
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private synchronized void sendBuffered() {
        if (buffer != null) {
            buffer.drain().forEach(this::send);
        }
    }

    @Override
    public synchronized void write(Row row) {
        checkFailure();
        received++;
        ProducerRecord<byte[], byte[]> message = messages.of(row, producer);
        if (message == null) {
            return;
        }
        if (buffer == null) {
            send(message);
        } else if (buffer.add(message)) {
            sendBuffered();
        }
    }

    private void send(ProducerRecord<byte[], byte[]> message) {
        try {
            producer.send(message, callback);
        } catch (KafkaException e) {
            throw failed("sending to topic '" + topic + "' failed", e);
        }
        sent++;
    }

    @Override
    public void flush() {
        checkFailure();
        sendBuffered();
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
            sendBuffered();
        }
    }

    @Override
    public synchronized Map<String, Long> metrics() {
        return Map.of("rows-received", received, "messages-sent", sent);
    }

    @Override
    public void close() {
        try {
            if (failure.get() == null) {
                if (atLeastOnce) {
                    flush();
                } else {
                    sendBuffered();
                }
            }
        } finally {
            if (timer != null) {
                timer.shutdownNow();
            }
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
