package io.sluice.planner.parse;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Quotes words that Calcite's parser reserves but Flink SQL takes as plain identifiers (a column named
 * {@code uuid}), so queries written for Flink parse. Function calls ({@code UUID()}) stay as they are.
 */
public final class KeywordIdentifiers {
    private static final Set<String> FLINK_IDENTIFIERS = Set.of("uuid");

    private KeywordIdentifiers() {
    }

    /** {@code sql} with each such word in backticks; positions after it on its line move by two. */
    public static String quote(String sql) {
        List<Token> tokens;
        try {
            tokens = SqlLexer.tokenize(sql);
        } catch (StatementSyntaxException e) {
            return sql;
        }
        StringBuilder result = new StringBuilder(sql);
        for (int i = tokens.size() - 1; i >= 0; i--) {
            Token token = tokens.get(i);
            boolean call = i + 1 < tokens.size() && tokens.get(i + 1).isSymbol("(");
            if (token.kind() == Token.Kind.WORD && !call
                    && FLINK_IDENTIFIERS.contains(token.text().toLowerCase(Locale.ROOT))) {
                result.insert(token.end(), '`').insert(token.start(), '`');
            }
        }
        return result.toString();
    }
}
