package io.sluice.kafka;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatDiscovery;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * A Kafka table's options, checked once: the topics, the client properties, and how the table's
 * physical columns map to message keys and values through their formats.
 */
final class KafkaTable {
    private final ObjectIdentifier identifier;
    private final TableOptions options;
    private final List<String> topics;
    private final Pattern topicPattern;
    private final Map<String, String> clientProperties;
    private final MessageLayout layout;
    private final FormatFactory keyFormat;
    private final FormatFactory valueFormat;
    private final FormatContext keyContext;
    private final FormatContext valueContext;
    private final boolean upsert;

    private KafkaTable(FactoryContext context, boolean upsert) {
        this.identifier = context.table();
        this.options = context.options();
        this.upsert = upsert;
        String topic = options.get(KafkaOptions.TOPIC);
        String pattern = options.get(KafkaOptions.TOPIC_PATTERN);
        if ((topic == null) == (pattern == null)) {
            throw error(topic == null ? "needs option 'topic' or 'topic-pattern'"
                    : "takes option 'topic' or 'topic-pattern', not both");
        }
        this.topics = topic == null ? List.of() : Arrays.stream(topic.split(";")).map(String::strip)
                .filter(name -> !name.isEmpty()).toList();
        this.topicPattern = pattern == null ? null : compile(pattern);
        this.clientProperties = options.withPrefix(KafkaOptions.PROPERTIES_PREFIX);
        List<Column> columns = context.schema().columns();
        String valueFormatName = valueFormatName();
        String keyFormatName = options.get(KafkaOptions.KEY_FORMAT);
        int[] keyColumns = keyColumns(context, columns, keyFormatName);
        int[] valueColumns = valueColumns(columns, keyColumns);
        int[] metadataColumns = IntStream.range(0, columns.size()).filter(i -> columns.get(i).isMetadata()).toArray();
        this.layout = new MessageLayout(columns.size(), keyColumns, valueColumns, metadataColumns,
                Arrays.stream(metadataColumns).mapToObj(i -> KafkaMetadata.of(columns.get(i).metadataKey())).toList());
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        this.valueFormat = FormatDiscovery.find(identifier.toString(), options.contains(KafkaOptions.FORMAT) ? "format"
                : "value.format", valueFormatName, loader);
        this.valueContext = new FormatContext(identifier, select(columns, valueColumns, ""), options,
                options.contains(KafkaOptions.FORMAT) ? "" : "value.");
        if (keyFormatName == null) {
            this.keyFormat = null;
            this.keyContext = null;
        } else {
            this.keyFormat = FormatDiscovery.find(identifier.toString(), "key.format", keyFormatName, loader);
            String prefix = options.get(KafkaOptions.KEY_FIELDS_PREFIX);
            this.keyContext = new FormatContext(identifier, select(columns, keyColumns, prefix == null ? "" : prefix),
                    options, "key.");
        }
        if (upsert && !valueFormat.changelogMode().isInsertOnly()) {
            throw error("'upsert-kafka' reads each value as the key's new row, so its value format must be "
                    + "insert-only, not '" + valueFormatName + "'");
        }
    }

    static KafkaTable of(FactoryContext context, boolean upsert) {
        return new KafkaTable(context, upsert);
    }

    private String valueFormatName() {
        String format = options.get(KafkaOptions.FORMAT);
        String valueFormat = options.get(KafkaOptions.VALUE_FORMAT);
        if (format != null && valueFormat != null) {
            throw error("takes option 'format' or 'value.format', not both");
        }
        if (format == null && valueFormat == null) {
            throw error("needs option '" + (upsert ? "value.format" : "format") + "' (json, csv, raw, "
                    + "debezium-json, canal-json, maxwell-json)");
        }
        return format != null ? format : valueFormat;
    }

    /** The key columns: the primary key for upsert-kafka, else {@code key.fields}. */
    private int[] keyColumns(FactoryContext context, List<Column> columns, String keyFormatName) {
        List<String> names;
        if (upsert) {
            names = context.schema().primaryKey();
            if (names.isEmpty()) {
                throw error("'upsert-kafka' needs a PRIMARY KEY (...) NOT ENFORCED: it is the message key");
            }
            if (keyFormatName == null) {
                throw error("'upsert-kafka' needs option 'key.format'");
            }
            if (options.contains(KafkaOptions.KEY_FIELDS)) {
                throw error("'upsert-kafka' takes its key from the PRIMARY KEY, not from option 'key.fields'");
            }
        } else {
            String keyFields = options.get(KafkaOptions.KEY_FIELDS);
            if ((keyFields == null) != (keyFormatName == null)) {
                throw error(keyFields == null ? "has 'key.format' but no 'key.fields' saying which columns the key holds"
                        : "has 'key.fields' but no 'key.format'");
            }
            names = keyFields == null ? List.of() : Arrays.stream(keyFields.split(";")).map(String::strip).toList();
        }
        List<String> columnNames = columns.stream().map(column -> column.isPhysical() ? column.name() : null).toList();
        int[] indices = new int[names.size()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = columnNames.indexOf(names.get(i));
            if (indices[i] < 0) {
                throw error("key column '" + names.get(i) + "' is not a physical column of the table ("
                        + String.join(", ", columns.stream().filter(Column::isPhysical).map(Column::name).toList())
                        + ")");
            }
        }
        return indices;
    }

    /** The physical columns, without the key's when the value leaves them out. */
    private int[] valueColumns(List<Column> columns, int[] keyColumns) {
        boolean all = options.get(KafkaOptions.VALUE_FIELDS_INCLUDE) == KafkaOptions.ValueFieldsInclude.ALL;
        return IntStream.range(0, columns.size()).filter(i -> columns.get(i).isPhysical())
                .filter(i -> all || Arrays.stream(keyColumns).noneMatch(k -> k == i)).toArray();
    }

    /** The columns at {@code indices}, with {@code prefix} cut from their names. */
    private List<Column> select(List<Column> columns, int[] indices, String prefix) {
        List<Column> selected = new ArrayList<>();
        for (int index : indices) {
            Column column = columns.get(index);
            if (!column.name().startsWith(prefix)) {
                throw error("key column '" + column.name() + "' does not start with 'key.fields-prefix' '" + prefix
                        + "'");
            }
            selected.add(new Column(column.name().substring(prefix.length()), column.type()));
        }
        return selected;
    }

    private Pattern compile(String pattern) {
        try {
            return Pattern.compile(pattern);
        } catch (RuntimeException e) {
            throw error("option 'topic-pattern' is not a regular expression: " + e.getMessage());
        }
    }

    ValidationException error(String message) {
        return new ValidationException("Table '" + identifier + "': " + message);
    }

    ObjectIdentifier identifier() {
        return identifier;
    }

    TableOptions options() {
        return options;
    }

    List<String> topics() {
        return topics;
    }

    Pattern topicPattern() {
        return topicPattern;
    }

    boolean isUpsert() {
        return upsert;
    }

    MessageLayout layout() {
        return layout;
    }

    FormatFactory valueFormat() {
        return valueFormat;
    }

    /** The Kafka client properties the table passes on, with {@code embedded:kafka} resolved. */
    Properties clientProperties() {
        Properties properties = new Properties();
        properties.putAll(clientProperties);
        properties.setProperty("bootstrap.servers", BootstrapResolution.resolve(identifier,
                clientProperties.get("bootstrap.servers")));
        return properties;
    }

    /** @param updateBefore whether the value decoder must emit -U rows */
    MessageLayout.Decoding decoding(boolean updateBefore) {
        RowDecoder key = keyFormat == null ? null : keyFormat.createDecoder(keyContext);
        return layout.new Decoding(key, valueFormat.createDecoder(updateBefore ? valueContext
                : valueContext.withoutUpdateBefore()), upsert);
    }

    RowEncoder keyEncoder() {
        return keyFormat == null ? null : keyFormat.createEncoder(keyContext);
    }

    RowEncoder valueEncoder() {
        return valueFormat.createEncoder(valueContext);
    }

    /** Builds every decoder and encoder once, so a bad column type or format option fails at planning. */
    void validateFormats(boolean source) {
        if (source) {
            decoding(true);
        } else {
            keyEncoder();
            valueEncoder();
        }
    }

    /** The topic the sink writes: exactly one. */
    String sinkTopic() {
        if (topics.size() != 1) {
            throw error("a Kafka sink writes exactly one topic: set option 'topic' to one name"
                    + (topicPattern != null ? " instead of 'topic-pattern'" : ""));
        }
        return topics.get(0);
    }
}
