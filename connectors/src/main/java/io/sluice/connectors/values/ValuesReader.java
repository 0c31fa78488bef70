package io.sluice.connectors.values;

import io.sluice.api.connector.SequentialReader;
import io.sluice.api.data.Row;

/**
 * Reads a {@code values} input line by line, never holding more than one row. Its position is the
 * number of rows emitted.
 */
final class ValuesReader extends SequentialReader {
    private final ValuesInput input;
    private final ValuesRowParser parser;
    private final boolean readsInput;
    private ValuesLines lines;

    /** @param readsInput false for the subtasks other than 0, which end at once */
    ValuesReader(ValuesInput input, ValuesRowParser parser, boolean readsInput) {
        this.input = input;
        this.parser = parser;
        this.readsInput = readsInput;
    }

    @Override
    protected void openInput(long emitted) throws Exception {
        if (!readsInput) {
            return;
        }
        lines = input.open();
        long skipped = 0;
        while (skipped < emitted && lines.next() != null) {
            skipped++;
        }
    }

    @Override
    protected Row nextRow() throws Exception {
        String line = lines == null ? null : lines.next();
        return line == null ? null : parser.parse(line, lines.lineNumber(), input);
    }

    @Override
    protected void closeInput() throws Exception {
        if (lines != null) {
            lines.close();
            lines = null;
        }
    }
}
