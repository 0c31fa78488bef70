package io.sluice.api.data;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/**
 * Flink's text form of a row, {@code +I[a, 1]}: the kind's short string, then the fields separated
 * by {@code ", "}; NULL is {@code null}; strings as they are; DECIMAL in plain notation with its
 * scale ({@code 30.0000}); dates and times in ISO form ({@code 2026-10-12T00:00}); TIMESTAMP_LTZ as
 * an ISO instant ({@code 2026-10-12T00:00:00Z}); BYTES as {@code [1, 2]}; a MAP as {@code {k1=v1, k2=v2}}
 * with its values in the same forms.
 *
 * <p>Parsing is the inverse, typed by the column types, and a little more lenient for hand-written
 * rows: a string may be written in double quotes to contain commas, brackets, leading spaces or the
 * word {@code null} ({@code "a, b"}, {@code "null"}, with {@code \"} and {@code \\} escapes);
 * timestamps take {@code T} or a space and any fraction (cut to the type's precision); TIMESTAMP_LTZ
 * takes {@code Z} or an offset; BYTES also take hex, {@code x'0102'}. DECIMAL values get the type's
 * scale exactly and are rejected when that would lose digits or exceed the precision; CHAR and
 * VARCHAR values longer than the type allows are rejected.
 */
public final class RowText {
    private RowText() {
    }

    /** The text form of {@code row}. */
    public static String format(Row row) {
        StringBuilder text = new StringBuilder(8 + 8 * row.arity());
        text.append(row.kind().shortString()).append('[');
        for (int i = 0; i < row.arity(); i++) {
            if (i > 0) {
                text.append(", ");
            }
            appendValue(text, row.field(i));
        }
        return text.append(']').toString();
    }

    /** Appends one field value in its text form; {@code null} for NULL. */
    public static void appendValue(StringBuilder text, Object value) {
        if (value instanceof BigDecimal decimal) {
            text.append(decimal.toPlainString());
        } else if (value instanceof byte[] bytes) {
            text.append(Arrays.toString(bytes));
        } else if (value instanceof Object[] fields) {
            appendNestedRow(text, fields);
        } else if (value instanceof java.util.Map<?, ?> map) {
            appendMap(text, map);
        } else {
            text.append(value);
        }
    }

    /** A ROW value prints as Flink prints a nested row: {@code +I[a, 1]}. */
    private static void appendNestedRow(StringBuilder text, Object[] fields) {
        text.append(RowKind.INSERT.shortString()).append('[');
        for (int i = 0; i < fields.length; i++) {
            text.append(i == 0 ? "" : ", ");
            appendValue(text, fields[i]);
        }
        text.append(']');
    }

    private static void appendMap(StringBuilder text, java.util.Map<?, ?> map) {
        text.append('{');
        boolean first = true;
        for (java.util.Map.Entry<?, ?> entry : map.entrySet()) {
            text.append(first ? "" : ", ");
            appendValue(text, entry.getKey());
            text.append('=');
            appendValue(text, entry.getValue());
            first = false;
        }
        text.append('}');
    }

    /**
     * Parses one row's text form against the column types.
     *
     * @throws IllegalArgumentException naming the field (1-based), the value and the expected type
     */
    public static Row parse(String text, List<LogicalType> types) {
        return parse(text, types, List.of());
    }

    /**
     * Parses one row's text form against the columns' types; errors also name the column.
     *
     * @param names the column names, or an empty list when they are not known
     * @throws IllegalArgumentException naming the field (1-based) and its column, the value and the expected type
     */
    public static Row parse(String text, List<LogicalType> types, List<String> names) {
        RowTextSplitter.SplitRow split = RowTextSplitter.split(text, types.isEmpty());
        if (split.fields().size() != types.size()) {
            throw new IllegalArgumentException("Row '" + text + "' has " + split.fields().size()
                    + " field(s) but " + types.size() + " are expected" + (names.isEmpty() ? "" : " " + names));
        }
        Object[] values = new Object[types.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = parseField(split.fields().get(i), types.get(i), i, names);
        }
        return new Row(split.kind(), values);
    }

    /**
     * Parses one non-NULL value written as in a row's text form (without quotes), such as {@code 30.5}
     * for a DECIMAL(12, 4) or {@code 2026-10-12 08:00} for a TIMESTAMP.
     *
     * @throws IllegalArgumentException naming the value and the expected type
     */
    public static Object parseValue(String text, LogicalType type) {
        try {
            return FieldValueParser.parse(text, type);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("'" + text + "' is not a valid " + type
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"), e);
        }
    }

    /** The field's name is built only for an error: a row of every file line must not pay for it. */
    private static Object parseField(RowTextSplitter.FieldText field, LogicalType type, int index, List<String> names) {
        if (field.isNull()) {
            if (!type.isNullable()) {
                throw new IllegalArgumentException(fieldName(index, names) + ": null is not allowed for " + type);
            }
            return null;
        }
        try {
            return parseValue(field.text(), type);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(fieldName(index, names) + ": " + e.getMessage(), e.getCause());
        }
    }

    private static String fieldName(int index, List<String> names) {
        return "Field " + (index + 1) + (index < names.size() ? " '" + names.get(index) + "'" : "");
    }
}
