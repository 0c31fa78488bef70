package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.util.function.Consumer;

/**
 * Reads a source's rows on one runtime thread. Never blocks for long: when no row is ready it says so
 * and the runtime calls again later.
 *
 * <p>Its position is a number the runtime stores in a checkpoint and hands back to {@link #seek}
 * on restore, so that reading resumes after the last row that went into the checkpoint.
 */
public interface SourceReader extends AutoCloseable {

    /** What a call to {@link #pollNext} found. */
    enum Status { ROW_EMITTED, NOTHING_AVAILABLE, END_OF_INPUT }

    /**
     * Emits at most one row to {@code output}. The runtime may reuse or keep the row.
     *
     * @throws Exception with a message naming the source, the line or offset and what is wrong
     */
    Status pollNext(Consumer<Row> output) throws Exception;

    /** The position after the last emitted row, for checkpoints. */
    long position();

    /** Continues after {@code position}, a value {@link #position()} returned before. */
    void seek(long position) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
