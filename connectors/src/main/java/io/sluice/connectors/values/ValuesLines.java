package io.sluice.connectors.values;

import java.io.BufferedReader;
import java.io.IOException;

/** The non-blank lines of a {@code values} input with their 1-based line numbers. */
final class ValuesLines implements AutoCloseable {
    private final BufferedReader reader;
    private long lineNumber;

    ValuesLines(BufferedReader reader) {
        this.reader = reader;
    }

    /** The next non-blank line, or null at the end. */
    String next() throws IOException {
        String line;
        do {
            line = reader.readLine();
            lineNumber++;
        } while (line != null && line.isBlank());
        return line;
    }

    /** The number of the line {@link #next()} returned last. */
    long lineNumber() {
        return lineNumber;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
