package io.sluice.connectors.values;

import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import java.util.function.Consumer;

/**
 * Reads a {@code values} input line by line, never holding more than one row. Its position is the
 * number of rows emitted.
 */
final class ValuesReader implements SourceReader {
    private final ValuesInput input;
    private final ValuesRowParser parser;
    private final boolean readsInput;
    private ValuesLines lines;
    private boolean ended;
    private long position;

    /** @param readsInput false for the subtasks other than 0, which end at once */
    ValuesReader(ValuesInput input, ValuesRowParser parser, boolean readsInput) {
        this.input = input;
        this.parser = parser;
        this.readsInput = readsInput;
    }

    @Override
    public Status pollNext(Consumer<Row> output) throws Exception {
        if (!readsInput || ended) {
            return Status.END_OF_INPUT;
        }
        if (lines == null) {
            lines = input.open();
        }
        String line = lines.next();
        if (line == null) {
            close();
            ended = true;
            return Status.END_OF_INPUT;
        }
        output.accept(parser.parse(line, lines.lineNumber(), input));
        position++;
        return Status.ROW_EMITTED;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void seek(long newPosition) throws Exception {
        close();
        ended = false;
        position = newPosition;
        if (readsInput) {
            lines = input.open();
            long skipped = 0;
            while (skipped < newPosition && lines.next() != null) {
                skipped++;
            }
        }
    }

    @Override
    public void close() throws Exception {
        if (lines != null) {
            lines.close();
            lines = null;
        }
    }
}
