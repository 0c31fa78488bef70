package io.sluice.flink;

import io.sluice.jdbc.SealedBatch;
import java.io.Serializable;

/**
 * The committable of an exactly-once {@code sluice-jdbc} sink: the rows writer subtask {@code subtask}
 * sealed for checkpoint {@code checkpointId}, reduced per key. The writer does not know the checkpoint's
 * id when it seals ({@link #UNSTAMPED}); {@link CheckpointIdStamp} sets it from Flink's lineage before
 * the committer sees it, and the committer records it in the subtask's progress row.
 */
record SealedCheckpoint(int subtask, long checkpointId, SealedBatch batch) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The checkpoint id of a committable straight from the writer. */
    static final long UNSTAMPED = -1;

    SealedCheckpoint withCheckpointId(long id) {
        return new SealedCheckpoint(subtask, id, batch);
    }
}
