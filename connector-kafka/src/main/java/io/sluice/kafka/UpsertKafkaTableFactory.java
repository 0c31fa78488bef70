package io.sluice.kafka;

import io.sluice.api.options.ConfigOption;
import java.util.Set;

/**
 * The {@code upsert-kafka} connector: a compacted, keyed topic as a table. Reading, each message is
 * its key's new row and a null value deletes the key (the planner normalizes this upsert changelog
 * before stateful operators), always from the topic's start, since the whole topic is the table; writing, each change becomes its key's new row or a tombstone.
 */
public final class UpsertKafkaTableFactory extends KafkaTableFactory {

    @Override
    public String identifier() {
        return "upsert-kafka";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(KafkaOptions.BOOTSTRAP_SERVERS, KafkaOptions.TOPIC, KafkaOptions.KEY_FORMAT);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(KafkaOptions.GROUP_ID, KafkaOptions.FORMAT, KafkaOptions.VALUE_FORMAT,
                KafkaOptions.KEY_FIELDS_PREFIX, KafkaOptions.VALUE_FIELDS_INCLUDE,
                KafkaOptions.SCAN_BOUNDED_MODE, KafkaOptions.SCAN_BOUNDED_TIMESTAMP,
                KafkaOptions.SCAN_BOUNDED_SPECIFIC_OFFSETS, KafkaOptions.SINK_DELIVERY_GUARANTEE,
                KafkaOptions.SINK_TRANSACTIONAL_ID_PREFIX,
                KafkaOptions.SINK_PARALLELISM, KafkaOptions.SINK_BUFFER_MAX_ROWS, KafkaOptions.SINK_BUFFER_INTERVAL);
    }

    @Override
    boolean isUpsert() {
        return true;
    }
}
