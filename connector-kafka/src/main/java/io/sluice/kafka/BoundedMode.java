package io.sluice.kafka;

/** Where a Kafka source stops: never, or at offsets fixed when the job starts. */
public enum BoundedMode {
    UNBOUNDED,
    LATEST_OFFSET,
    GROUP_OFFSETS,
    TIMESTAMP,
    SPECIFIC_OFFSETS
}
