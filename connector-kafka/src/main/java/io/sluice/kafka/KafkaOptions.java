package io.sluice.kafka;

import io.sluice.api.options.ConfigOption;
import java.time.Duration;

/** The options of the {@code kafka} and {@code upsert-kafka} connectors, named as Flink names them. */
public final class KafkaOptions {
    private KafkaOptions() {
    }

    /** Kafka client properties are passed on under this prefix: {@code properties.bootstrap.servers}. */
    public static final String PROPERTIES_PREFIX = "properties.";

    public static final ConfigOption<String> TOPIC = ConfigOption.stringOption("topic")
            .description("The topic, or topics separated by ';', read or written").build();
    public static final ConfigOption<String> TOPIC_PATTERN = ConfigOption.stringOption("topic-pattern")
            .description("A regular expression: read every topic whose name matches").build();
    public static final ConfigOption<String> BOOTSTRAP_SERVERS = ConfigOption
            .stringOption(PROPERTIES_PREFIX + "bootstrap.servers")
            .description("host:port of the brokers, comma-separated; embedded:kafka starts a broker in the process")
            .build();
    public static final ConfigOption<String> GROUP_ID = ConfigOption.stringOption(PROPERTIES_PREFIX + "group.id")
            .description("The consumer group whose offsets group-offsets starts from and checkpoints commit to")
            .build();

    public static final ConfigOption<String> FORMAT = ConfigOption.stringOption("format")
            .description("The format of the message value (json, csv, raw, debezium-json, ...)").build();
    public static final ConfigOption<String> KEY_FORMAT = ConfigOption.stringOption("key.format")
            .description("The format of the message key").build();
    public static final ConfigOption<String> VALUE_FORMAT = ConfigOption.stringOption("value.format")
            .description("The format of the message value (same as 'format')").build();
    public static final ConfigOption<String> KEY_FIELDS = ConfigOption.stringOption("key.fields")
            .description("The columns, separated by ';', that make up the message key").build();
    public static final ConfigOption<String> KEY_FIELDS_PREFIX = ConfigOption.stringOption("key.fields-prefix")
            .description("A prefix of the key columns' names that the key's format does not see")
            .build();
    public static final ConfigOption<ValueFieldsInclude> VALUE_FIELDS_INCLUDE = ConfigOption
            .enumOption("value.fields-include", ValueFieldsInclude.class).defaultValue(ValueFieldsInclude.ALL)
            .description("Whether the value also holds the key columns (ALL) or not (EXCEPT_KEY)").build();

    public static final ConfigOption<StartupMode> SCAN_STARTUP_MODE = ConfigOption
            .enumOption("scan.startup.mode", StartupMode.class)
            .defaultValue(StartupMode.GROUP_OFFSETS).description("Where reading starts").build();
    public static final ConfigOption<Long> SCAN_STARTUP_TIMESTAMP = ConfigOption
            .longOption("scan.startup.timestamp-millis")
            .description("With 'timestamp': the first message read is the first at or after this time").build();
    public static final ConfigOption<String> SCAN_STARTUP_SPECIFIC_OFFSETS = ConfigOption
            .stringOption("scan.startup.specific-offsets")
            .description("With 'specific-offsets': partition:0,offset:42;partition:1,offset:300").build();
    public static final ConfigOption<BoundedMode> SCAN_BOUNDED_MODE = ConfigOption
            .enumOption("scan.bounded.mode", BoundedMode.class)
            .defaultValue(BoundedMode.UNBOUNDED).description("Where reading ends").build();
    public static final ConfigOption<Long> SCAN_BOUNDED_TIMESTAMP = ConfigOption
            .longOption("scan.bounded.timestamp-millis")
            .description("With 'timestamp': reading ends before the first message after this time").build();
    public static final ConfigOption<String> SCAN_BOUNDED_SPECIFIC_OFFSETS = ConfigOption
            .stringOption("scan.bounded.specific-offsets")
            .description("With 'specific-offsets': the offset each partition ends before").build();
    public static final ConfigOption<Duration> SCAN_PARTITION_DISCOVERY = ConfigOption
            .durationOption("scan.topic-partition-discovery.interval").defaultValue(Duration.ofMinutes(5))
            .description("How often an unbounded source looks for new partitions (and topics of a topic-pattern), "
                    + "read from their earliest offset; 0 never").build();

    public static final ConfigOption<String> SINK_PARTITIONER = ConfigOption.stringOption("sink.partitioner")
            .defaultValue("default")
            .description("default (by key hash, else sticky), fixed (each subtask to one partition), round-robin, "
                    + "or a class implementing org.apache.kafka.clients.producer.Partitioner").build();
    public static final ConfigOption<DeliveryGuarantee> SINK_DELIVERY_GUARANTEE = ConfigOption
            .enumOption("sink.delivery-guarantee", DeliveryGuarantee.class)
            .defaultValue(DeliveryGuarantee.AT_LEAST_ONCE)
            .description("at-least-once: every checkpoint waits until the brokers acknowledged all messages sent; "
                    + "exactly-once: messages go out in a Kafka transaction once their checkpoint is durable (needs "
                    + "checkpoints and sink.transactional-id-prefix); none: no waiting")
            .build();
    public static final ConfigOption<String> SINK_TRANSACTIONAL_ID_PREFIX = ConfigOption
            .stringOption("sink.transactional-id-prefix")
            .description("exactly-once: the prefix of the subtasks' transactional ids and commit-marker consumer "
                    + "groups (<prefix>-<subtask>); unique per job writing to the cluster").build();
    public static final ConfigOption<Integer> SINK_BUFFER_MAX_ROWS = ConfigOption
            .intOption("sink.buffer-flush.max-rows").defaultValue(0)
            .description("upsert-kafka: keep the last change per key and send when this many keys are buffered; "
                    + "with sink.buffer-flush.interval, both greater than 0").build();
    public static final ConfigOption<Duration> SINK_BUFFER_INTERVAL = ConfigOption
            .durationOption("sink.buffer-flush.interval").defaultValue(Duration.ZERO)
            .description("upsert-kafka: send the buffered changes at least this often").build();
    public static final ConfigOption<Integer> SINK_PARALLELISM = ConfigOption.intOption("sink.parallelism")
            .description("The number of writers (default: the job's parallelism)").build();

    /** Whether the message value repeats the key's columns. */
    public enum ValueFieldsInclude { ALL, EXCEPT_KEY }

    /** What a checkpoint waits for. */
    public enum DeliveryGuarantee { AT_LEAST_ONCE, EXACTLY_ONCE, NONE }
}
