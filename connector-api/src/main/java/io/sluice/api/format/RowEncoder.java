package io.sluice.api.format;

import io.sluice.api.data.Row;

/** Encodes rows of the context's columns into messages. One encoder serves one writer thread. */
public interface RowEncoder {

    /**
     * The message for {@code row}, or null when the format writes nothing for its kind (json writes
     * inserts only; a CDC format writes every kind).
     */
    byte[] encode(Row row);
}
