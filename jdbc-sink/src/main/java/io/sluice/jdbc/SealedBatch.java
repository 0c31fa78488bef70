package io.sluice.jdbc;

import io.sluice.jdbc.internal.ChangeBatch;
import java.io.Serializable;

/**
 * The rows one writer subtask sealed at a checkpoint, reduced per key: what an engine that runs the
 * two phases itself keeps in its checkpoint and hands to {@link CheckpointCommits#commit}. Opaque: only
 * the sink reads the rows.
 */
public final class SealedBatch implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ChangeBatch changes;

    SealedBatch(ChangeBatch changes) {
        this.changes = changes;
    }

    ChangeBatch changes() {
        return changes;
    }

    /** Rows in the batch: one per key with a key. */
    public int size() {
        return changes.size();
    }

    @Override
    public String toString() {
        return "SealedBatch[" + size() + " rows]";
    }
}
