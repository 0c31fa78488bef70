package io.sluice.planner.parse;

/** A 1-based line and column within a statement. */
public record TextPosition(int line, int column) {

    /** The position of {@code offset} (0-based) in {@code text}. */
    public static TextPosition of(String text, int offset) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(offset, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new TextPosition(line, column);
    }

    /**
     * Where {@code identifier} first appears as a word or quoted identifier in {@code text}, or 1:1 when it
     * does not (it came from a view, say): where to point an error about that table.
     */
    public static TextPosition ofIdentifier(String text, String identifier) {
        try {
            for (Token token : SqlLexer.tokenize(text)) {
                if (token.isIdentifier() && token.value().equals(identifier)) {
                    return of(text, token.start());
                }
            }
        } catch (StatementSyntaxException e) {
            return new TextPosition(1, 1);
        }
        return new TextPosition(1, 1);
    }
}
