package io.sluice.jdbc.internal;

import io.sluice.api.data.Row;

/**
 * The rows a sink writer took since its last successful flush. Pure: no I/O, no threads, no locks;
 * the writer serializes access and clears it only after the flush committed.
 */
public interface ChangeBuffer {

    /** Takes a copy of {@code row}; the caller may reuse the row afterwards. */
    void add(Row row);

    /**
     * Takes the rows of an earlier {@link #batch()} as if they arrived now: a later change of a key
     * replaces the batch's. Not counted as received.
     */
    void addBatch(ChangeBatch batch);

    /** What a flush must write now, in the order the buffer keeps. The buffer is unchanged. */
    ChangeBatch batch();

    /** Forgets the buffered rows, after their flush committed. */
    void clear();

    /** Buffered entries: one per key with a key, one per row without. */
    int size();

    default boolean isEmpty() {
        return size() == 0;
    }

    /** Rows taken since the buffer was created. */
    long rowsReceived();

    /** Rows that a later row of the same key replaced before they were written. */
    long rowsReduced();
}
