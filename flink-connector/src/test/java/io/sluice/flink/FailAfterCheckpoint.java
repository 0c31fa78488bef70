package io.sluice.flink;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.types.Row;

/**
 * Passes rows through, except that once a checkpoint has completed and {@code failAt} rows went by
 * (across all subtasks of the JVM), one call throws: a task failure in the middle of a job, which
 * Flink answers by restarting from that checkpoint. It remembers the first fields it saw before the
 * failure and which of them it saw again after, to tell a resumed input from one read anew.
 */
final class FailAfterCheckpoint implements MapFunction<Row, Row>, CheckpointListener {
    private static final long serialVersionUID = 1L;

    static final AtomicBoolean FAILED = new AtomicBoolean();
    static final Set<Object> SEEN_BEFORE_FAILURE = ConcurrentHashMap.newKeySet();
    static final Set<Object> SEEN_AGAIN_AFTER_FAILURE = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean CHECKPOINTED = new AtomicBoolean();
    private static final AtomicLong ROWS = new AtomicLong();
    private static volatile long failAt = Long.MAX_VALUE;

    /** Arms the failure for the first row after a completed checkpoint and {@code rows} rows from now. */
    static void arm(long rows) {
        ROWS.set(0);
        FAILED.set(false);
        CHECKPOINTED.set(false);
        SEEN_BEFORE_FAILURE.clear();
        SEEN_AGAIN_AFTER_FAILURE.clear();
        failAt = rows;
    }

    @Override
    public Row map(Row row) {
        Object first = row.getField(0);
        if (FAILED.get()) {
            if (SEEN_BEFORE_FAILURE.contains(first)) {
                SEEN_AGAIN_AFTER_FAILURE.add(first);
            }
            return row;
        }
        if (ROWS.incrementAndGet() >= failAt && CHECKPOINTED.get() && FAILED.compareAndSet(false, true)) {
            throw new IllegalStateException("FailAfterCheckpoint: injected task failure after " + ROWS.get() + " rows");
        }
        SEEN_BEFORE_FAILURE.add(first);
        return row;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        CHECKPOINTED.set(true);
    }
}
