package io.sluice.formats.csv;

import io.sluice.api.format.MalformedMessageException;
import java.util.ArrayList;
import java.util.List;

/**
 * How one CSV line splits into fields and how fields join into a line: the delimiter, the quote
 * character (none when disabled) with a doubled quote inside quotes standing for one, and an optional
 * escape character that takes the next character literally.
 *
 * @param quote  the quote character, or 0 when quoting is disabled
 * @param escape the escape character, or 0 when there is none
 */
record CsvDialect(char delimiter, char quote, char escape) {

    /** The fields of {@code line}; a quoted field is marked by a true entry in {@code quoted}. */
    List<String> split(String line, List<Boolean> quoted) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean inQuotes = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (escape != 0 && c == escape && i + 1 < line.length()) {
                field.append(line.charAt(++i));
            } else if (inQuotes) {
                if (c == quote && i + 1 < line.length() && line.charAt(i + 1) == quote) {
                    field.append(quote);
                    i++;
                } else if (c == quote) {
                    inQuotes = false;
                } else {
                    field.append(c);
                }
            } else if (quote != 0 && c == quote && field.isEmpty()) {
                inQuotes = true;
                wasQuoted = true;
            } else if (c == delimiter) {
                fields.add(field.toString());
                quoted.add(wasQuoted);
                field.setLength(0);
                wasQuoted = false;
            } else {
                field.append(c);
            }
        }
        if (inQuotes) {
            throw new MalformedMessageException("a quoted field is not closed");
        }
        fields.add(field.toString());
        quoted.add(wasQuoted);
        return fields;
    }

    /** Appends {@code value}, quoted when it holds the delimiter, the quote, or a line break. */
    void append(StringBuilder line, String value) {
        boolean needsQuotes = quote != 0 && (value.indexOf(delimiter) >= 0 || value.indexOf(quote) >= 0
                || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0);
        if (!needsQuotes) {
            line.append(value);
            return;
        }
        line.append(quote);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == quote) {
                line.append(quote);
            }
            line.append(c);
        }
        line.append(quote);
    }
}
