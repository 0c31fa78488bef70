package io.sluice.kafka;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.TableSink;
import io.sluice.api.format.FormatDiscovery;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.types.LogicalType;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The {@code kafka} connector: a topic (or topics) read as a stream of inserts or, with a CDC format,
 * of changes; written with the value format, as Flink's Kafka SQL connector.
 */
public class KafkaTableFactory implements DynamicTableFactory {

    @Override
    public String identifier() {
        return "kafka";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(KafkaOptions.BOOTSTRAP_SERVERS);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(KafkaOptions.TOPIC, KafkaOptions.TOPIC_PATTERN, KafkaOptions.GROUP_ID, KafkaOptions.FORMAT,
                KafkaOptions.KEY_FORMAT, KafkaOptions.VALUE_FORMAT, KafkaOptions.KEY_FIELDS,
                KafkaOptions.KEY_FIELDS_PREFIX, KafkaOptions.VALUE_FIELDS_INCLUDE, KafkaOptions.SCAN_STARTUP_MODE,
                KafkaOptions.SCAN_STARTUP_TIMESTAMP, KafkaOptions.SCAN_STARTUP_SPECIFIC_OFFSETS,
                KafkaOptions.SCAN_BOUNDED_MODE, KafkaOptions.SCAN_BOUNDED_TIMESTAMP,
                KafkaOptions.SCAN_BOUNDED_SPECIFIC_OFFSETS, KafkaOptions.SCAN_PARTITION_DISCOVERY,
                KafkaOptions.SINK_PARTITIONER, KafkaOptions.SINK_DELIVERY_GUARANTEE,
                KafkaOptions.SINK_TRANSACTIONAL_ID_PREFIX, KafkaOptions.SINK_PARALLELISM);
    }

    @Override
    public Map<String, LogicalType> readableMetadata() {
        return KafkaMetadata.readable();
    }

    @Override
    public Map<String, LogicalType> writableMetadata() {
        return KafkaMetadata.writable();
    }

    @Override
    public Set<String> optionalPrefixes() {
        return Set.of(KafkaOptions.PROPERTIES_PREFIX);
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        return new KafkaScanSource(table(context));
    }

    @Override
    public TableSink createSink(FactoryContext context) {
        return new KafkaSink(table(context));
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions(TableOptions options) {
        Set<ConfigOption<?>> optional = new HashSet<>(optionalOptions());
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        addFormatOptions(options, "format", "", loader, optional);
        addFormatOptions(options, "value.format", "value.", loader, optional);
        addFormatOptions(options, "key.format", "key.", loader, optional);
        return optional;
    }

    private KafkaTable table(FactoryContext context) {
        context.options().validate(requiredOptions(), optionalOptions(context.options()), optionalPrefixes());
        return KafkaTable.of(context, isUpsert());
    }

    boolean isUpsert() {
        return false;
    }

    private static void addFormatOptions(TableOptions options, String formatKey, String prefix, ClassLoader loader,
                                         Set<ConfigOption<?>> optional) {
        String name = options.asMap().get(formatKey);
        if (name != null) {
            FormatFactory format = FormatDiscovery.find(options.table().toString(), formatKey, name, loader);
            format.optionalOptions().forEach(option -> optional.add(option.withKey(prefix + option.key())));
        }
    }
}
