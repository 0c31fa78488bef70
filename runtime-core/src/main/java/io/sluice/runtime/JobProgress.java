package io.sluice.runtime;

import java.util.Map;

/**
 * A snapshot of a job's counters.
 *
 * @param rowsIn          rows read from all sources
 * @param rowsOut         rows handed to all sinks
 * @param checkpoints     checkpoints completed
 * @param lastCheckpointMillis how long the newest checkpoint took, from its trigger until it was durable
 * @param lastCheckpointBytes  the size of the newest checkpoint's file
 * @param lagMillis       how far the slowest source's newest row is behind the wall clock (0 if unknown)
 * @param lateRowsDropped rows that window aggregations dropped because all their windows had fired
 * @param sinkMetrics     per sink table name, the sink writer's own counters summed over subtasks
 *                        (rows-received, upserts, deletes, flushes, ...)
 * @param sourceMetrics   per source table name, the readers' own counters summed over subtasks
 *                        (messages-skipped, lag per partition, ...)
 */
public record JobProgress(long rowsIn, long rowsOut, long checkpoints, long lastCheckpointMillis,
                          long lastCheckpointBytes, long lagMillis, long lateRowsDropped,
                          Map<String, Map<String, Long>> sinkMetrics, Map<String, Map<String, Long>> sourceMetrics) {
}
