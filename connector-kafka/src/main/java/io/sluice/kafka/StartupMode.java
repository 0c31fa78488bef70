package io.sluice.kafka;

/** Where a Kafka source starts reading a partition it has no checkpointed offset for. */
public enum StartupMode {
    EARLIEST_OFFSET,
    LATEST_OFFSET,
    /** The offsets committed by {@code properties.group.id}; {@code properties.auto.offset.reset} where none. */
    GROUP_OFFSETS,
    TIMESTAMP,
    SPECIFIC_OFFSETS
}
