package io.sluice.api.format;

import io.sluice.api.data.Row;
import java.util.function.Consumer;

/**
 * Decodes one message into rows of the context's columns. One decoder serves one reader thread.
 */
public interface RowDecoder {

    /**
     * Decodes {@code message} (null: a tombstone, which most formats skip) and emits its rows, in order:
     * none, one, or an update's -U and +U.
     *
     * @return false when the message was malformed and skipped because the format ignores parse errors
     * @throws MalformedMessageException naming the field and what is wrong, when the message is malformed
     */
    boolean decode(byte[] message, Consumer<Row> output);
}
