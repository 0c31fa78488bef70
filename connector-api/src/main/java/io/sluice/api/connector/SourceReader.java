package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads a source's rows on one runtime thread. Never blocks for long: when no row is ready it says so
 * and the runtime calls again later.
 *
 * <p>Its position is a number per split it reads (one for a file or a generator, one per partition
 * of a Kafka topic), which the runtime stores in a checkpoint and hands back to {@link #seek} on
 * restore, so that reading resumes after the last row that went into the checkpoint.
 */
public interface SourceReader extends AutoCloseable {

    /** The split of a reader whose position is the count of rows it emitted. */
    String ROWS = "rows";

    /**
     * What a call to {@link #pollNext} found: a unit of input, whose rows (usually one; none for a message
     * that stands for no change, such as a tombstone) went to the output; nothing yet; or the end.
     */
    enum Status { ROW_EMITTED, NOTHING_AVAILABLE, END_OF_INPUT }

    /**
     * Emits the rows of at most one unit of input to {@code output}: a line or a message, which is
     * usually one row and an update's -U and +U for a changelog message. A checkpoint never falls
     * between the rows of one call. The runtime may reuse or keep the rows.
     *
     * @throws Exception with a message naming the source, the line or offset and what is wrong
     */
    Status pollNext(Consumer<Row> output) throws Exception;

    /** The position after the last emitted row, per split, for checkpoints. */
    Map<String, Long> position();

    /** Continues after {@code position}, a value {@link #position()} returned before. */
    void seek(Map<String, Long> position) throws Exception;

    /**
     * The split the rows of the current {@link #pollNext} call come from (a Kafka partition), read while
     * the reader emits them; null for a reader of one split. A table's watermark is kept per split and is
     * the minimum over the splits, so that a split that lags behind does not make the others' rows late.
     */
    default String currentSplit() {
        return null;
    }

    /**
     * The splits the reader reads, by the names {@link #currentSplit} gives them; empty for a reader of
     * one split. Each holds the table's watermark back from the first row the reader emits, also before
     * it sent a row of its own (until it goes idle), so that rows fetched first from one partition do not
     * make another's late.
     */
    default Set<String> splits() {
        return Set.of();
    }

    /**
     * False while the reader has no split to read but may get some (a Kafka subtask whose partitions
     * all fall to other subtasks, until new ones appear): the runtime then holds no watermark back for it.
     */
    default boolean hasSplits() {
        return true;
    }

    /**
     * The checkpoint that stored {@code position} is durable; a reader may now tell its system what
     * was read (a Kafka reader commits the offsets to its consumer group). No-op by default.
     */
    default void checkpointComplete(Map<String, Long> position) throws Exception {
    }

    /**
     * Counters for progress lines and the job summary, such as {@code messages-skipped} or a partition's
     * {@code lag.orders-0}; called on the reader's thread. Empty by default.
     */
    default Map<String, Long> metrics() {
        return Map.of();
    }


    @Override
    default void close() throws Exception {
    }
}
