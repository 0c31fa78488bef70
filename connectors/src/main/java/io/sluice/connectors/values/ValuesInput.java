package io.sluice.connectors.values;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a {@code values} table's lines come from: the {@code rows} option or a file, read as a stream. */
final class ValuesInput {
    private final String inlineRows;
    private final Path file;

    private ValuesInput(String inlineRows, Path file) {
        this.inlineRows = inlineRows;
        this.file = file;
    }

    static ValuesInput inline(String rows) {
        return new ValuesInput(rows, null);
    }

    static ValuesInput file(Path path) {
        return new ValuesInput(null, path);
    }

    boolean isFile() {
        return file != null;
    }

    /** Where a line is, for errors: {@code option 'rows'} or {@code file 'data/orders.txt'}. */
    String description() {
        return isFile() ? "file '" + file + "'" : "option 'rows'";
    }

    /** Opens the lines from the start; the caller closes them. */
    ValuesLines open() {
        try {
            BufferedReader reader = isFile()
                    ? Files.newBufferedReader(file, StandardCharsets.UTF_8)
                    : new BufferedReader(new StringReader(inlineRows));
            return new ValuesLines(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open " + description(), e);
        }
    }
}
