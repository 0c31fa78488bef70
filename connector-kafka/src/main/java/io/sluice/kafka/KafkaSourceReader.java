package io.sluice.kafka;

import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.format.MalformedMessageException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the partitions of a Kafka table that fall to one subtask with a consumer of its own, assigned
 * rather than subscribed, so that the job, not the group, decides who reads what. A partition's subtask
 * follows from its topic and number alone ({@link #ownerOf}), so every subtask agrees without asking the
 * others, also about partitions that appear while the job runs: an unbounded read looks for new
 * partitions (and topics of a pattern) every {@code scan.topic-partition-discovery.interval} and reads
 * them from their earliest offset. Its position is the next offset of each partition; offsets are
 * committed to the group only after a checkpoint is durable, for monitoring.
 */
final class KafkaSourceReader implements SourceReader {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaSourceReader.class);
    /** How long polls may find nothing before the reader asks the brokers whether they are still there. */
    private static final long LIVENESS_CHECK_NANOS = Duration.ofSeconds(10).toNanos();
    /**
     * A position key that says partitions are owned by {@link #ownerOf}; checkpoints without it dealt the
     * partitions found at the start, sorted, over the subtasks, and a restore keeps reading them that way.
     */
    static final String HASHED_OWNERSHIP = "ownership:hashed";

    private final KafkaTable table;
    private final OffsetSpec<StartupMode> startup;
    private final OffsetSpec<BoundedMode> bounded;
    private final int subtask;
    private final int parallelism;
    private final MessageLayout.Decoding decoding;
    private final Map<TopicPartition, Long> next = new HashMap<>();
    /** The position of the checkpoint this reader resumes from; null on a fresh start. */
    private Map<String, Long> restored;
    private KafkaConsumer<byte[], byte[]> consumer;
    private Duration timeout;
    /** The brokers' addresses, resolved once ({@code embedded:kafka} starts a broker). */
    private String servers;
    private Map<TopicPartition, Long> ends;
    private final java.util.Set<TopicPartition> unfinished = new java.util.HashSet<>();
    private Iterator<ConsumerRecord<byte[], byte[]>> records = Collections.emptyIterator();
    private long lastHeardNanos = System.nanoTime();
    private long skipped;
    private String currentSplit;
    private TopicPartition lastPartition;
    private boolean ownsNothing;
    private boolean hashedOwnership = true;
    private long discoveryIntervalNanos;
    private long nextDiscoveryNanos;

    /** @param updateBefore whether the value format must emit -U rows (false: no one reads them) */
    KafkaSourceReader(KafkaTable table, OffsetSpec<StartupMode> startup, OffsetSpec<BoundedMode> bounded,
                      int subtask, int parallelism, boolean updateBefore) {
        this.table = table;
        this.startup = startup;
        this.bounded = bounded;
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.decoding = table.decoding(updateBefore);
    }

    @Override
    public Status pollNext(Consumer<Row> output) {
        if (consumer == null) {
            open();
        }
        if (ownsNothing && discoveryIntervalNanos == 0) {
            // More subtasks than partitions and no new ones to wait for: this one ends, holding nothing back.
            return Status.END_OF_INPUT;
        }
        if (discoveryIntervalNanos > 0 && System.nanoTime() - nextDiscoveryNanos >= 0) {
            discoverNewPartitions();
        }
        if (ownsNothing) {
            return Status.NOTHING_AVAILABLE;
        }
        while (records.hasNext()) {
            ConsumerRecord<byte[], byte[]> record = records.next();
            TopicPartition partition = partitionOf(record);
            if (ends != null && (!unfinished.contains(partition) || record.offset() >= ends.get(partition))) {
                finish(partition);
                continue;
            }
            next.put(partition, record.offset() + 1);
            decode(record, output);
            if (ends != null && record.offset() + 1 >= ends.get(partition)) {
                finish(partition);
            }
            return Status.ROW_EMITTED;
        }
        if (ends != null && unfinished.isEmpty()) {
            return Status.END_OF_INPUT;
        }
        records = poll();
        return records.hasNext() ? pollNext(output) : Status.NOTHING_AVAILABLE;
    }

    /** The record's partition; the same object (and split name) as the record before when they share it. */
    private TopicPartition partitionOf(ConsumerRecord<byte[], byte[]> record) {
        if (lastPartition == null || !lastPartition.topic().equals(record.topic())
                || lastPartition.partition() != record.partition()) {
            lastPartition = new TopicPartition(record.topic(), record.partition());
            currentSplit = lastPartition.toString();
        }
        return lastPartition;
    }

    private void decode(ConsumerRecord<byte[], byte[]> record, Consumer<Row> output) {
        try {
            if (!decoding.decode(record, output)) {
                if (skipped++ == 0) {
                    LOG.warn("Table '{}': skipping malformed messages (ignore-parse-errors), the first in topic '{}' "
                            + "partition {} at offset {}", table.identifier(), record.topic(), record.partition(),
                            record.offset());
                }
            }
        } catch (MalformedMessageException e) {
            throw new MalformedMessageException("Malformed message in topic '" + record.topic() + "' partition "
                    + record.partition() + " at offset " + record.offset() + ": " + e.getMessage(), e);
        }
    }

    private Iterator<ConsumerRecord<byte[], byte[]>> poll() {
        Iterator<ConsumerRecord<byte[], byte[]>> polled;
        try {
            polled = consumer.poll(Duration.ZERO).iterator();
        } catch (KafkaException e) {
            throw new IllegalStateException("Table '" + table.identifier() + "': reading from Kafka failed: "
                    + e.getMessage(), e);
        }
        long now = System.nanoTime();
        if (polled.hasNext()) {
            lastHeardNanos = now;
        } else if (now - lastHeardNanos > LIVENESS_CHECK_NANOS) {
            checkBrokers();
            lastHeardNanos = System.nanoTime();
        }
        return polled;
    }

    /**
     * A consumer whose brokers are gone polls nothing, exactly as one that is up to date: asking for the
     * partitions' end offsets tells them apart, and fails within the client's API timeout. Partitions that
     * reached their end in the meantime are finished.
     */
    private void checkBrokers() {
        List<TopicPartition> partitions = new ArrayList<>(next.keySet());
        if (partitions.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> latest = call(() -> consumer.endOffsets(partitions, timeout));
        for (TopicPartition partition : partitions) {
            long position = consumer.position(partition, timeout);
            if (LOG.isDebugEnabled()) {
                LOG.debug("Table '{}': {} at offset {}, lag {}", table.identifier(), partition, position,
                        latest.get(partition) - position);
            }
            if (ends != null && position >= ends.get(partition)) {
                finish(partition);
            }
        }
    }

    private void open() {
        Properties properties = consumerProperties();
        servers = properties.getProperty("bootstrap.servers");
        timeout = Duration.ofMillis(Long.parseLong(properties.getProperty("default.api.timeout.ms", "60000").trim()));
        consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        hashedOwnership = restored == null || restored.containsKey(HASHED_OWNERSHIP);
        Map<String, Long> resumed = restored == null ? Map.of() : restored;
        List<TopicPartition> owned = owned(call(this::discover));
        ownsNothing = owned.isEmpty();
        consumer.assign(owned);
        PartitionStarts starts = new PartitionStarts(consumer, timeout, table);
        List<TopicPartition> fresh = owned.stream().filter(p -> !resumed.containsKey(p.toString())).toList();
        Map<TopicPartition, Long> offsets = new HashMap<>(call(() -> starts.starts(startup, fresh)));
        owned.stream().filter(p -> resumed.containsKey(p.toString()))
                .forEach(p -> offsets.put(p, resumed.get(p.toString())));
        offsets.forEach((partition, offset) -> {
            consumer.seek(partition, offset);
            next.put(partition, offset);
        });
        ends = call(() -> starts.ends(bounded, owned));
        LOG.info("Table '{}': subtask {} reads {} from offsets {}{}", table.identifier(), subtask,
                owned.isEmpty() ? "no partition" : owned, new TreeMap<>(position()),
                ends == null ? "" : ", until " + ends);
        if (ends != null) {
            unfinished.addAll(owned);
            owned.stream().filter(p -> next.get(p) >= ends.get(p)).toList().forEach(this::finish);
        } else if (hashedOwnership) {
            discoveryIntervalNanos = table.options().get(KafkaOptions.SCAN_PARTITION_DISCOVERY).toNanos();
            nextDiscoveryNanos = System.nanoTime() + discoveryIntervalNanos;
        }
    }

    /** Adds the partitions that appeared since the last look and fall to this subtask, from their start. */
    private void discoverNewPartitions() {
        nextDiscoveryNanos = System.nanoTime() + discoveryIntervalNanos;
        List<TopicPartition> added = owned(call(this::listPartitions)).stream().filter(p -> !next.containsKey(p))
                .toList();
        if (added.isEmpty()) {
            return;
        }
        List<TopicPartition> assigned = new ArrayList<>(next.keySet());
        assigned.addAll(added);
        consumer.assign(assigned);
        Map<TopicPartition, Long> starts = call(() -> consumer.beginningOffsets(added, timeout));
        starts.forEach((partition, offset) -> {
            consumer.seek(partition, offset);
            next.put(partition, offset);
        });
        ownsNothing = false;
        LOG.info("Table '{}': subtask {} found new partitions {} and reads them from offsets {}", table.identifier(),
                subtask, added, starts);
    }

    private Properties consumerProperties() {
        Properties properties = table.clientProperties();
        properties.put("enable.auto.commit", "false");
        properties.putIfAbsent("client.id", "sluice-" + table.identifier().table() + "-" + subtask);
        return properties;
    }

    private List<TopicPartition> discover() {
        if (table.topicPattern() != null) {
            return listPartitions();
        }
        List<TopicPartition> all = new ArrayList<>();
        for (String topic : table.topics()) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException("Table '" + table.identifier() + "': topic '" + topic
                        + "' does not exist on the brokers " + servers);
            }
            infos.forEach(info -> all.add(new TopicPartition(topic, info.partition())));
        }
        return all;
    }

    /**
     * The partitions of the table's topics as the brokers know them now: unlike {@code partitionsFor},
     * which answers from the consumer's metadata (refreshed every few minutes), this always asks.
     */
    private List<TopicPartition> listPartitions() {
        List<TopicPartition> all = new ArrayList<>();
        consumer.listTopics(timeout).forEach((topic, infos) -> {
            boolean read = table.topicPattern() != null ? table.topicPattern().matcher(topic).matches()
                    : table.topics().contains(topic);
            if (read) {
                infos.forEach(info -> all.add(new TopicPartition(topic, info.partition())));
            }
        });
        return all;
    }

    private List<TopicPartition> owned(List<TopicPartition> all) {
        List<TopicPartition> sorted = PartitionStarts.sorted(all);
        if (hashedOwnership) {
            return sorted.stream().filter(partition -> ownerOf(partition, parallelism) == subtask).toList();
        }
        List<TopicPartition> owned = new ArrayList<>();
        for (int i = subtask; i < sorted.size(); i += parallelism) {
            owned.add(sorted.get(i));
        }
        return owned;
    }

    /**
     * The subtask that reads {@code partition}: the topic's partitions go round the subtasks in order,
     * starting at a subtask that depends on the topic's name, as Flink's Kafka source deals them.
     */
    static int ownerOf(TopicPartition partition, int parallelism) {
        int start = ((partition.topic().hashCode() * 31) & 0x7FFFFFFF) % parallelism;
        return (start + partition.partition()) % parallelism;
    }

    /** False while this subtask has no partition to read (it waits for new ones): it holds no watermark back. */
    @Override
    public boolean hasSplits() {
        return consumer == null || !ownsNothing;
    }

    /** A bounded read of {@code partition} reached its end offset: no more polls fetch it. */
    private void finish(TopicPartition partition) {
        if (unfinished.remove(partition)) {
            consumer.pause(List.of(partition));
        }
    }

    /** Runs a blocking client call, turning a timeout into an error that names the brokers and the wait. */
    private <T> T call(java.util.function.Supplier<T> request) {
        try {
            return request.get();
        } catch (TimeoutException e) {
            throw new IllegalStateException("Table '" + table.identifier() + "': the Kafka brokers at "
                    + servers + " did not answer within " + timeout.toMillis()
                    + " ms (properties.default.api.timeout.ms): " + e.getMessage(), e);
        }
    }

    @Override
    public String currentSplit() {
        return currentSplit;
    }

    /** The partitions this subtask reads. */
    @Override
    public Set<String> splits() {
        return next.keySet().stream().map(TopicPartition::toString).collect(Collectors.toSet());
    }

    /** The next offset of each partition; before the first poll opened the consumer, the restored ones. */
    @Override
    public Map<String, Long> position() {
        if (consumer == null) {
            return new HashMap<>(restored == null ? Map.of(HASHED_OWNERSHIP, 1L) : restored);
        }
        Map<String, Long> position = new HashMap<>();
        next.forEach((partition, offset) -> position.put(partition.toString(), offset));
        if (hashedOwnership) {
            position.put(HASHED_OWNERSHIP, 1L);
        }
        return position;
    }

    @Override
    public void seek(Map<String, Long> position) {
        restored = Map.copyOf(position);
    }

    @Override
    public void checkpointComplete(Map<String, Long> position) {
        if (consumer == null || table.options().get(KafkaOptions.GROUP_ID) == null) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition partition : next.keySet()) {
            Long offset = position.get(partition.toString());
            if (offset != null) {
                offsets.put(partition, new OffsetAndMetadata(offset));
            }
        }
        consumer.commitAsync(offsets, (committed, error) -> {
            if (error != null) {
                LOG.warn("Table '{}': committing offsets {} to the consumer group failed (they only serve "
                        + "monitoring; the checkpoint holds them): {}", table.identifier(), committed, error.toString());
            }
        });
    }

    /** Malformed messages skipped, and each partition's lag behind its end as of the last fetch. */
    @Override
    public Map<String, Long> metrics() {
        Map<String, Long> metrics = new HashMap<>();
        metrics.put("messages-skipped", skipped);
        if (consumer != null) {
            for (TopicPartition partition : next.keySet()) {
                consumer.currentLag(partition).ifPresent(lag -> metrics.put("lag." + partition, lag));
            }
        }
        return metrics;
    }

    @Override
    public void close() {
        if (skipped > 0) {
            LOG.warn("Table '{}': skipped {} malformed message(s)", table.identifier(), skipped);
        }
        if (consumer != null) {
            consumer.close(Duration.ofSeconds(5));
        }
    }
}
