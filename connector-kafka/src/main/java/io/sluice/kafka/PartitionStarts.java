package io.sluice.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Resolves the options' start and end modes to concrete offsets of the partitions a reader owns, so
 * that the first checkpoint already records where each partition stands.
 */
final class PartitionStarts {
    private final Consumer<byte[], byte[]> consumer;
    private final Duration timeout;
    private final KafkaTable table;

    PartitionStarts(Consumer<byte[], byte[]> consumer, Duration timeout, KafkaTable table) {
        this.consumer = consumer;
        this.timeout = timeout;
        this.table = table;
    }

    /** The first offset to read in each partition without a checkpointed one. */
    Map<TopicPartition, Long> starts(OffsetSpec<StartupMode> spec, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return Map.of();
        }
        return switch (spec.mode()) {
            case EARLIEST_OFFSET -> consumer.beginningOffsets(partitions, timeout);
            case LATEST_OFFSET -> consumer.endOffsets(partitions, timeout);
            case TIMESTAMP -> atTime(spec.timestamp(), partitions);
            case SPECIFIC_OFFSETS -> specific(spec.offsets(), partitions, consumer.beginningOffsets(partitions, timeout));
            case GROUP_OFFSETS -> committed(partitions, groupFallback(partitions));
        };
    }

    /** The offset reading stops before in each partition, or null for an unbounded source. */
    Map<TopicPartition, Long> ends(OffsetSpec<BoundedMode> spec, Collection<TopicPartition> partitions) {
        return switch (spec.mode()) {
            case UNBOUNDED -> null;
            case LATEST_OFFSET -> new HashMap<>(consumer.endOffsets(partitions, timeout));
            case TIMESTAMP -> atTime(spec.timestamp(), partitions);
            case SPECIFIC_OFFSETS -> specific(spec.offsets(), partitions, consumer.endOffsets(partitions, timeout));
            case GROUP_OFFSETS -> committed(partitions, consumer.endOffsets(partitions, timeout));
        };
    }

    /** The first offset at or after {@code millis}, or the end where every message is older. */
    private Map<TopicPartition, Long> atTime(long millis, Collection<TopicPartition> partitions) {
        Map<TopicPartition, Long> query = new HashMap<>();
        partitions.forEach(partition -> query.put(partition, millis));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query, timeout);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndTimestamp at = found.get(partition);
            offsets.put(partition, at == null ? ends.get(partition) : at.offset());
        }
        return offsets;
    }

    private static Map<TopicPartition, Long> specific(Map<Integer, Long> given, Collection<TopicPartition> partitions,
                                                      Map<TopicPartition, Long> otherwise) {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            offsets.put(partition, given.getOrDefault(partition.partition(), otherwise.get(partition)));
        }
        return offsets;
    }

    private Map<TopicPartition, Long> committed(Collection<TopicPartition> partitions,
                                                Map<TopicPartition, Long> otherwise) {
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new java.util.HashSet<>(partitions),
                timeout);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndMetadata offset = committed.get(partition);
            Long fallback = otherwise.get(partition);
            if (offset == null && fallback == null) {
                throw new IllegalStateException("Table '" + table.identifier() + "': consumer group '"
                        + table.options().get(KafkaOptions.GROUP_ID) + "' has no committed offset for " + partition
                        + "; set 'properties.auto.offset.reset' to 'earliest' or 'latest', or choose another "
                        + "'scan.startup.mode'");
            }
            offsets.put(partition, offset != null ? offset.offset() : fallback);
        }
        return offsets;
    }

    /** Where group-offsets starts a partition the group never committed: {@code auto.offset.reset}, as Flink. */
    private Map<TopicPartition, Long> groupFallback(Collection<TopicPartition> partitions) {
        String reset = table.options().asMap().getOrDefault(KafkaOptions.PROPERTIES_PREFIX + "auto.offset.reset", "none")
                .trim().toLowerCase(java.util.Locale.ROOT);
        return switch (reset) {
            case "earliest" -> consumer.beginningOffsets(partitions, timeout);
            case "latest" -> consumer.endOffsets(partitions, timeout);
            default -> Map.of();
        };
    }

    /** The partitions in {@code partitions} in the sorted order every subtask agrees on. */
    static List<TopicPartition> sorted(Collection<TopicPartition> partitions) {
        return partitions.stream().sorted(java.util.Comparator.comparing(TopicPartition::topic)
                .thenComparingInt(TopicPartition::partition)).toList();
    }
}
