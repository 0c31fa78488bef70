package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.util.List;

/** Finds a table's rows by key; see {@link LookupSource}. */
public interface LookupReader extends AutoCloseable {

    /**
     * The rows (all physical columns, as inserts) whose key columns equal {@code key}, given in the
     * order of the reader's key columns and never NULL; empty when there are none.
     *
     * @throws Exception when the table cannot be read; the job fails with it
     */
    List<Row> lookup(Object[] key) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
