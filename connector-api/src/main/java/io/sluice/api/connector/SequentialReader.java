package io.sluice.api.connector;

import io.sluice.api.data.Row;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A bounded reader of rows in a fixed order, such as the lines of a file or the result of a query:
 * its position is the number of rows it emitted, and resuming from a position opens the input again
 * and skips that many rows. A subclass says how to open, read and close its input.
 */
public abstract class SequentialReader implements SourceReader {
    private long position;
    private boolean open;
    private boolean ended;

    /** Opens the input and skips its first {@code emitted} rows, which went out before. */
    protected abstract void openInput(long emitted) throws Exception;

    /** The next row, or null at the end of the input. */
    protected abstract Row nextRow() throws Exception;

    /** Releases the open input; called once per {@link #openInput}. */
    protected abstract void closeInput() throws Exception;

    @Override
    public final Status pollNext(Consumer<Row> output) throws Exception {
        if (ended) {
            return Status.END_OF_INPUT;
        }
        if (!open) {
            openInput(position);
            open = true;
        }
        Row row = nextRow();
        if (row == null) {
            ended = true;
            closeOpenInput();
            return Status.END_OF_INPUT;
        }
        output.accept(row);
        position++;
        return Status.ROW_EMITTED;
    }

    @Override
    public final Map<String, Long> position() {
        return Map.of(ROWS, position);
    }

    /** Reads on after {@code newPosition} rows; the input opens again at the next poll. */
    @Override
    public final void seek(Map<String, Long> newPosition) throws Exception {
        closeOpenInput();
        ended = false;
        position = newPosition.getOrDefault(ROWS, 0L);
    }

    @Override
    public void close() throws Exception {
        closeOpenInput();
    }

    private void closeOpenInput() throws Exception {
        if (open) {
            open = false;
            closeInput();
        }
    }
}
