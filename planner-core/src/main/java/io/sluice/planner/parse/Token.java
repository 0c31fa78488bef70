package io.sluice.planner.parse;

import java.util.Locale;

/**
 * One lexical token of a statement: its kind, its text as written, and its offsets in the statement.
 * {@code value} is the text without quotes (identifiers and string literals unescaped).
 */
record Token(Kind kind, String text, String value, int start, int end) {

    enum Kind { WORD, QUOTED_IDENTIFIER, STRING, NUMBER, SYMBOL }

    /** True for an unquoted word equal to {@code keyword}, ignoring case. */
    boolean is(String keyword) {
        return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
    }

    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    boolean isIdentifier() {
        return kind == Kind.WORD || kind == Kind.QUOTED_IDENTIFIER;
    }

    String upper() {
        return text.toUpperCase(Locale.ROOT);
    }
}
