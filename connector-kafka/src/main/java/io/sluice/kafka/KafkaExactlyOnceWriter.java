package io.sluice.kafka;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Delivers a sink subtask's messages exactly once, in Kafka transactions that readers with
 * {@code isolation.level = read_committed} see whole or not at all. Messages wait until their checkpoint
 * is durable (they are part of it), then go out in one transaction, which also commits the checkpoint's
 * id as the offset of a consumer group of the subtask's own, {@code <prefix>-<subtask>}: Kafka makes
 * that offset visible together with the messages, so after a crash it tells which checkpoint the topic
 * holds. A restored writer first takes over its transactional id (which ends the crashed process's
 * transaction: aborted, or finished when its commit had begun), reads the marker, and sends again only
 * what the topic does not hold.
 */
final class KafkaExactlyOnceWriter implements SinkWriter {
    private static final String MARKER_DESCRIPTION = "sluice exactly-once: the checkpoint whose messages are in the topic";

    private final KafkaTable table;
    private final String topic;
    private final Properties properties;
    private final SinkMessages messages;
    private final KafkaProducer<byte[], byte[]> producer;
    private final String markerGroup;
    private final TopicPartition markerPartition;
    private final Duration timeout;
    private final List<Sealed> sealed = new ArrayList<>();
    private List<Message> current = new ArrayList<>();
    private long received;
    private long sent;

    /** The messages taken before checkpoint {@code checkpointId}. */
    record Sealed(long checkpointId, List<Message> messages) implements Serializable {
    }

    /** One message: its partition (null: the producer picks), key and value (null: a tombstone). */
    record Message(Integer partition, byte[] key, byte[] value) implements Serializable {
    }

    /** A subtask's part of checkpoint {@code checkpointId}: what no transaction had committed when it was taken. */
    record State(long checkpointId, List<Sealed> sealed) implements Serializable {
    }

    KafkaExactlyOnceWriter(KafkaTable table, String topic, SinkContext context) {
        this.table = table;
        this.topic = topic;
        String transactionalId = table.options().get(KafkaOptions.SINK_TRANSACTIONAL_ID_PREFIX) + "-"
                + context.subtaskIndex();
        this.properties = table.clientProperties();
        Properties producerProperties = table.clientProperties();
        producerProperties.putIfAbsent("client.id", "sluice-" + table.identifier().table() + "-sink-"
                + context.subtaskIndex());
        producerProperties.setProperty("transactional.id", transactionalId);
        this.messages = new SinkMessages(table, topic, context, SinkPartitioner.of(table, producerProperties));
        this.producer = new KafkaProducer<>(producerProperties, new ByteArraySerializer(), new ByteArraySerializer());
        this.markerGroup = transactionalId;
        this.markerPartition = new TopicPartition(topic, 0);
        this.timeout = Duration.ofMillis(Long.parseLong(properties.getProperty("default.api.timeout.ms", "60000")));
    }

    @Override
    public boolean writesOnCommit() {
        return true;
    }

    /**
     * Takes over the transactional id, then resends the restored messages that the marker says the topic
     * does not hold; a fresh start sets the marker back to 0.
     *
     * @throws IllegalStateException when the marker is ahead of the restored checkpoint: the topic holds
     *                               messages of later checkpoints, which the job would send again
     */
    @Override
    public void initializeState(Serializable restoredState) {
        requireTopic();
        run("taking over transactional id '" + markerGroup + "'", producer::initTransactions);
        if (restoredState == null) {
            commit(List.of(), 0);
            return;
        }
        State state = (State) restoredState;
        long committed = committedCheckpoint();
        if (committed > state.checkpointId() && committed != END_OF_INPUT) {
            throw new IllegalStateException("Table '" + table.identifier() + "': consumer group '" + markerGroup
                    + "' says topic '" + topic + "' holds the messages up to checkpoint " + committed + ", but the job "
                    + "resumes from checkpoint " + state.checkpointId() + ": its later messages would be sent twice. "
                    + "Restore the newest checkpoint of the job.");
        }
        state.sealed().stream().filter(batch -> batch.checkpointId() > committed).forEach(sealed::add);
        commitCheckpoint(state.checkpointId());
    }

    /**
     * The topic must exist before a transaction writes into it: its partition 0 carries the commit marker,
     * and a transaction into a missing topic waits out the whole transaction timeout instead of failing.
     */
    private void requireTopic() {
        try (Admin admin = Admin.create(properties)) {
            admin.describeTopics(List.of(topic)).allTopicNames().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new IllegalStateException("Table '" + table.identifier() + "': topic '" + topic + "' does not "
                        + "exist at " + properties.getProperty("bootstrap.servers") + "; 'sink.delivery-guarantee' = "
                        + "'exactly-once' writes only into a topic that exists: create it first", e);
            }
            throw failed("looking up topic '" + topic + "' failed", e);
        } catch (TimeoutException e) {
            throw failed("looking up topic '" + topic + "' took longer than " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failed("looking up topic '" + topic + "' was interrupted", e);
        }
    }

    private long committedCheckpoint() {
        try (Admin admin = Admin.create(properties)) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(markerGroup,
                    new ListConsumerGroupOffsetsOptions().requireStable(true)).partitionsToOffsetAndMetadata()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            OffsetAndMetadata marker = offsets.get(markerPartition);
            return marker == null ? 0 : marker.offset();
        } catch (ExecutionException | TimeoutException e) {
            throw failed("reading the committed checkpoint of consumer group '" + markerGroup + "' failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failed("reading the committed checkpoint of consumer group '" + markerGroup + "' was interrupted", e);
        }
    }

    @Override
    public synchronized void write(Row row) {
        received++;
        ProducerRecord<byte[], byte[]> message = messages.of(row, producer);
        if (message != null) {
            current.add(new Message(message.partition(), message.key(), message.value()));
        }
    }

    /** Nothing goes out between checkpoints. */
    @Override
    public void flush() {
    }

    @Override
    public void snapshot(long checkpointId) {
        snapshotState(checkpointId);
    }

    @Override
    public synchronized Serializable snapshotState(long checkpointId) {
        if (!current.isEmpty()) {
            sealed.add(new Sealed(checkpointId, current));
            current = new ArrayList<>();
        }
        return new State(checkpointId, List.copyOf(sealed));
    }

    /** Sends what was sealed up to {@code checkpointId} in one transaction with the marker. */
    @Override
    public synchronized void commitCheckpoint(long checkpointId) {
        List<Sealed> due = sealed.stream().filter(batch -> batch.checkpointId() <= checkpointId).toList();
        if (!due.isEmpty()) {
            commit(due, due.get(due.size() - 1).checkpointId());
            sealed.removeAll(due);
        }
    }

    private void commit(List<Sealed> batches, long checkpointId) {
        run("committing the messages of checkpoint " + checkpointId + " to topic '" + topic + "'", () -> {
            producer.beginTransaction();
            for (Sealed batch : batches) {
                for (Message message : batch.messages()) {
                    producer.send(new ProducerRecord<>(topic, message.partition(), message.key(), message.value()));
                    sent++;
                }
            }
            producer.sendOffsetsToTransaction(Map.of(markerPartition, new OffsetAndMetadata(checkpointId,
                    MARKER_DESCRIPTION)), new ConsumerGroupMetadata(markerGroup));
            producer.commitTransaction();
        });
    }

    private void run(String what, Runnable action) {
        try {
            action.run();
        } catch (KafkaException e) {
            throw failed(what + " failed", e);
        }
    }

    @Override
    public synchronized Map<String, Long> metrics() {
        return Map.of("rows-received", received, "messages-sent", sent);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(30));
    }

    private RuntimeException failed(String what, Exception cause) {
        return new IllegalStateException("Table '" + table.identifier() + "': " + what + ": " + cause.getMessage(),
                cause);
    }
}
