package io.sluice.jdbc;

import io.sluice.api.data.Row;
import io.sluice.jdbc.internal.ChangeBatch;
import io.sluice.jdbc.internal.PendingCheckpoints;

/**
 * One writer subtask's rows since the last checkpoint, reduced per key (in arrival order without a
 * key), sealed into a batch at each checkpoint for an engine that keeps the batch until it commits it
 * through {@link CheckpointCommits}. Not thread-safe.
 */
public final class CheckpointBuffer {
    private final PendingCheckpoints pending;
    private long seals;

    CheckpointBuffer(PendingCheckpoints pending) {
        this.pending = pending;
    }

    /**
     * Takes a copy of {@code row}.
     *
     * @throws JdbcSinkException when more rows wait than {@code sink.exactly-once.max-buffered-rows}
     */
    public void add(Row row) {
        pending.add(row);
    }

    /** The rows taken since the last seal as one batch, or null when there were none; the buffer is then empty. */
    public SealedBatch seal() {
        long seal = ++seals;
        pending.seal(seal);
        ChangeBatch batch = pending.upTo(seal);
        pending.committed(seal);
        return batch == null ? null : new SealedBatch(batch);
    }

    /** Rows waiting: one per key with a key. */
    public int size() {
        return pending.size();
    }
}
