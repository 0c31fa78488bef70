package io.sluice.formats.csv;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;

/** Reads one CSV line per message into an insert of the columns, in order. */
final class CsvRowDecoder implements RowDecoder {
    private final List<Column> columns;
    private final CsvDialect dialect;
    private final String nullLiteral;
    private final boolean allowComments;
    private final boolean ignoreParseErrors;

    CsvRowDecoder(List<Column> columns, CsvDialect dialect, String nullLiteral, boolean allowComments,
                  boolean ignoreParseErrors) {
        this.columns = columns;
        this.dialect = dialect;
        this.nullLiteral = nullLiteral;
        this.allowComments = allowComments;
        this.ignoreParseErrors = ignoreParseErrors;
    }

    @Override
    public boolean decode(byte[] message, Consumer<Row> output) {
        if (message == null) {
            return true;
        }
        String line = stripLineEnd(new String(message, StandardCharsets.UTF_8));
        if (line.isEmpty() || (allowComments && line.startsWith("#"))) {
            return true;
        }
        try {
            output.accept(Row.insert(fields(line)));
            return true;
        } catch (MalformedMessageException e) {
            if (ignoreParseErrors) {
                return false;
            }
            throw e;
        }
    }

    private Object[] fields(String line) {
        List<Boolean> quoted = new ArrayList<>();
        List<String> texts = dialect.split(line, quoted);
        if (texts.size() != columns.size()) {
            throw new MalformedMessageException(texts.size() + " field(s), the columns are " + columns.size() + " ("
                    + String.join(", ", columns.stream().map(Column::name).toList()) + ")");
        }
        Object[] fields = new Object[texts.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = value(texts.get(i), quoted.get(i), columns.get(i));
        }
        return fields;
    }

    private Object value(String text, boolean quoted, Column column) {
        LogicalType type = column.type();
        if (!quoted && (nullLiteral != null ? text.equals(nullLiteral) : text.isEmpty() && !type.root()
                .isCharacterString())) {
            return null;
        }
        try {
            return switch (type.root()) {
                case BYTES -> Base64.getDecoder().decode(text.strip());
                case TIMESTAMP_LTZ -> RowText.parseValue(text.strip().endsWith("Z") ? text : text + "Z", type);
                default -> RowText.parseValue(text, type);
            };
        } catch (RuntimeException e) {
            throw MalformedMessageException.cannotRead(column.name(), text, type, e);
        }
    }

    private static String stripLineEnd(String line) {
        int end = line.length();
        while (end > 0 && (line.charAt(end - 1) == '\n' || line.charAt(end - 1) == '\r')) {
            end--;
        }
        return line.substring(0, end);
    }
}
