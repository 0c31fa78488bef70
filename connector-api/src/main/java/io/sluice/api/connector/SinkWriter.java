package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.util.Map;

/**
 * Writes one subtask's rows. Called from one runtime thread, except that a writer may flush from a
 * timer thread of its own; such a writer reports failures there through
 * {@link SinkContext#failureHandler()} and fails its next call with the same cause.
 */
public interface SinkWriter extends AutoCloseable {

    /** Takes one row. The row object may be reused by the caller after the call returns: copy it to keep it. */
    void write(Row row) throws Exception;

    /** Writes everything taken so far. */
    void flush() throws Exception;

    /**
     * Makes everything taken before this call durable, then returns. The checkpoint {@code checkpointId}
     * completes only after this returns for every writer.
     */
    void snapshot(long checkpointId) throws Exception;

    /** Counters for progress lines and summaries, such as {@code rows-received}; empty by default. */
    default Map<String, Long> metrics() {
        return Map.of();
    }

    /** Flushes what remains and releases resources. Called once, also after a failure. */
    @Override
    void close() throws Exception;
}
