package io.sluice.api.data;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a row's text form into its kind and field texts: fields end at top-level commas (one space
 * after a comma is part of the separator); a field opening with {@code [} runs to its matching
 * {@code ]}; a field opening with {@code "} is a quoted string with {@code \} escapes.
 */
final class RowTextSplitter {

    /** One field's text, unescaped when it was quoted; an unquoted {@code null} stands for NULL. */
    record FieldText(String text, boolean quoted) {
        boolean isNull() {
            return !quoted && text.strip().equals("null");
        }
    }

    record SplitRow(RowKind kind, List<FieldText> fields) {
    }

    private final String text;
    private final String content;
    private int pos;

    private RowTextSplitter(String text, String content) {
        this.text = text;
        this.content = content;
    }

    /**
     * @param emptyMeansNoFields whether {@code +I[]} has no fields (true) or one empty field (false)
     */
    static SplitRow split(String text, boolean emptyMeansNoFields) {
        String row = text.strip();
        int open = row.indexOf('[');
        if (open < 0 || !row.endsWith("]")) {
            throw new IllegalArgumentException("'" + text + "' is not a row such as +I[a, 1]");
        }
        RowKind kind = RowKind.parse(row.substring(0, open).strip());
        String content = row.substring(open + 1, row.length() - 1);
        if (content.isEmpty() && emptyMeansNoFields) {
            return new SplitRow(kind, List.of());
        }
        return new SplitRow(kind, new RowTextSplitter(text, content).fields());
    }

    private List<FieldText> fields() {
        List<FieldText> fields = new ArrayList<>();
        fields.add(nextField());
        while (pos < content.length()) {
            pos++; // the comma
            if (pos < content.length() && content.charAt(pos) == ' ') {
                pos++;
            }
            fields.add(nextField());
        }
        return fields;
    }

    private FieldText nextField() {
        int first = pos;
        while (first < content.length() && content.charAt(first) == ' ') {
            first++;
        }
        if (first < content.length() && content.charAt(first) == '"') {
            pos = first;
            return quotedField();
        }
        boolean bracketed = first < content.length() && content.charAt(first) == '[';
        int start = pos;
        int depth = 0;
        for (; pos < content.length(); pos++) {
            char c = content.charAt(pos);
            if (bracketed && c == '[') {
                depth++;
            } else if (bracketed && c == ']') {
                depth--;
            } else if (c == ',' && depth <= 0) {
                break;
            }
        }
        return new FieldText(content.substring(start, pos), false);
    }

    private FieldText quotedField() {
        StringBuilder value = new StringBuilder();
        pos++; // the opening quote
        while (pos < content.length() && content.charAt(pos) != '"') {
            char c = content.charAt(pos++);
            if (c == '\\' && pos < content.length()) {
                c = content.charAt(pos++);
            }
            value.append(c);
        }
        if (pos >= content.length()) {
            throw new IllegalArgumentException("Row '" + text + "' has an unterminated quoted string");
        }
        pos++; // the closing quote
        while (pos < content.length() && content.charAt(pos) == ' ') {
            pos++;
        }
        if (pos < content.length() && content.charAt(pos) != ',') {
            throw new IllegalArgumentException("Row '" + text + "' has text after the quoted string \""
                    + value + "\" at position " + (pos + 1) + " of its fields; expected ',' or ']'");
        }
        return new FieldText(value.toString(), true);
    }
}
