package io.sluice.planner.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a statement into tokens, skipping whitespace and comments. Only as much of SQL's lexical
 * structure as the statement parser needs: queries themselves are handed to Calcite as text.
 */
final class SqlLexer {
    private final String sql;
    private int pos;

    private SqlLexer(String sql) {
        this.sql = sql;
    }

    static List<Token> tokenize(String sql) {
        return new SqlLexer(sql).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (skipBlanks()) {
            tokens.add(next());
        }
        return tokens;
    }

    private boolean skipBlanks() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (sql.startsWith("--", pos)) {
                int eol = sql.indexOf('\n', pos);
                pos = eol < 0 ? sql.length() : eol + 1;
            } else if (sql.startsWith("/*", pos)) {
                int close = sql.indexOf("*/", pos + 2);
                if (close < 0) {
                    throw new StatementSyntaxException("Unterminated comment", pos);
                }
                pos = close + 2;
            } else {
                return true;
            }
        }
        return false;
    }

    private Token next() {
        int start = pos;
        char c = sql.charAt(pos);
        if (c == '\'') {
            return quoted(start, '\'', Token.Kind.STRING, "string literal");
        }
        if (c == '`') {
            return quoted(start, '`', Token.Kind.QUOTED_IDENTIFIER, "quoted identifier");
        }
        if (Character.isLetter(c) || c == '_') {
            while (pos < sql.length() && (Character.isLetterOrDigit(sql.charAt(pos)) || sql.charAt(pos) == '_'
                    || sql.charAt(pos) == '$')) {
                pos++;
            }
            String word = sql.substring(start, pos);
            return new Token(Token.Kind.WORD, word, word, start, pos);
        }
        if (Character.isDigit(c)) {
            while (pos < sql.length() && (Character.isDigit(sql.charAt(pos)) || sql.charAt(pos) == '.')) {
                pos++;
            }
            String number = sql.substring(start, pos);
            return new Token(Token.Kind.NUMBER, number, number, start, pos);
        }
        pos++;
        String symbol = String.valueOf(c);
        return new Token(Token.Kind.SYMBOL, symbol, symbol, start, pos);
    }

    private Token quoted(int start, char quote, Token.Kind kind, String what) {
        StringBuilder value = new StringBuilder();
        pos++;
        while (true) {
            if (pos >= sql.length()) {
                throw new StatementSyntaxException("Unterminated " + what, start);
            }
            char c = sql.charAt(pos++);
            if (c == quote) {
                if (pos < sql.length() && sql.charAt(pos) == quote) {
                    value.append(quote);
                    pos++;
                } else {
                    return new Token(kind, sql.substring(start, pos), value.toString(), start, pos);
                }
            } else {
                value.append(c);
            }
        }
    }
}
