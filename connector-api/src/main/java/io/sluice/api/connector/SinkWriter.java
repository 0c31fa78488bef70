package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.io.Serializable;
import java.util.Map;

/**
 * Writes one subtask's rows. Called from one runtime thread, except that a writer may flush from a
 * timer thread of its own; such a writer reports failures there through
 * {@link SinkContext#failureHandler()} and fails its next call with the same cause.
 *
 * <p>A writer that delivers exactly once writes in two phases: at checkpoint N it only seals what it
 * took as pending for N and returns it from {@link #snapshotState}, which the runtime stores in the
 * checkpoint; once checkpoint N is durable the runtime calls {@link #commitCheckpoint}, and the writer
 * writes what is pending up to N. After a restore, {@link #initializeState} hands the pending state back.
 */
public interface SinkWriter extends AutoCloseable {

    /**
     * The id under which a writer that {@link #writesOnCommit() writes on commit} seals what is left when a
     * bounded input ended; {@link #commitCheckpoint} receives it once the job's last checkpoint is durable.
     */
    long END_OF_INPUT = Long.MAX_VALUE;

    /** Takes one row. The row object may be reused by the caller after the call returns: copy it to keep it. */
    void write(Row row) throws Exception;

    /** Writes everything taken so far. */
    void flush() throws Exception;

    /**
     * Makes everything taken before this call durable, then returns. The checkpoint {@code checkpointId}
     * completes only after this returns for every writer.
     */
    void snapshot(long checkpointId) throws Exception;

    /**
     * Takes part in checkpoint {@code checkpointId} and returns the state the runtime stores in it (null:
     * none). By default {@link #snapshot} and no state.
     */
    default Serializable snapshotState(long checkpointId) throws Exception {
        snapshot(checkpointId);
        return null;
    }

    /**
     * Called once after the writer was created, before the first row: {@code restoredState} is what
     * {@link #snapshotState} returned for the checkpoint the job resumes from, or null on a fresh start.
     */
    default void initializeState(Serializable restoredState) throws Exception {
    }

    /**
     * Checkpoint {@code checkpointId} is complete and durable: every subtask took part and it was written.
     * Called on the writer's own thread, for increasing ids, possibly skipping some (a call covers every
     * checkpoint up to its id). No-op by default.
     */
    default void commitCheckpoint(long checkpointId) throws Exception {
    }

    /**
     * True when the writer writes rows only in {@link #commitCheckpoint} (exactly-once delivery). The job
     * must then take checkpoints; when a bounded input ends the runtime calls
     * {@code snapshotState(END_OF_INPUT)}, writes a last checkpoint and, once it is durable, calls
     * {@code commitCheckpoint(END_OF_INPUT)} before {@link #close()}.
     */
    default boolean writesOnCommit() {
        return false;
    }

    /** Counters for progress lines and summaries, such as {@code rows-received}; empty by default. */
    default Map<String, Long> metrics() {
        return Map.of();
    }

    /**
     * Flushes what remains and releases resources. Called once, also after a failure. A writer that
     * {@link #writesOnCommit() writes on commit} writes nothing here.
     */
    @Override
    void close() throws Exception;
}
