package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where an exactly-once sink subtask keeps its progress: the last checkpoint it committed and the
 * epoch of the attempt allowed to commit. {@link ProgressTable} in the database; a fake in tests.
 */
interface ProgressStore {

    /** What the progress row says. */
    record Progress(long checkpointId, long epoch) {
    }

    /** Creates the store and this subtask's row (checkpoint 0, epoch 0) when missing; autocommit. */
    void createIfMissing(Connection connection) throws SQLException;

    /**
     * Starts a new attempt: bumps the epoch (fencing off every older attempt) and, on a fresh start,
     * forgets the committed checkpoint of an earlier run. Part of the caller's transaction.
     */
    Progress claim(Connection connection, boolean freshStart) throws SQLException;

    /**
     * Records {@code checkpointId} as committed when the row still has {@code epoch} and an older
     * checkpoint: the conditional update that fences off zombies and skips repeated commits. Part of the
     * caller's transaction.
     */
    boolean advance(Connection connection, long epoch, long checkpointId) throws SQLException;

    /** The row, or null when there is none. */
    Progress read(Connection connection) throws SQLException;

    /** Whose progress this is, for messages: {@code subtask 0 of sink 'x' in job 'y'}. */
    String describe();

    /** The store's name for messages, such as the progress table's name. */
    String name();
}
