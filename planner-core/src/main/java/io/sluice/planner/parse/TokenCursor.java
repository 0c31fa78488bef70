package io.sluice.planner.parse;

import java.util.List;

/** Walks a statement's tokens; every "expected ..." error points at the token found instead. */
final class TokenCursor {
    private final List<Token> tokens;
    private final int textLength;
    private int index;

    TokenCursor(List<Token> tokens, int textLength) {
        this.tokens = tokens;
        this.textLength = textLength;
    }

    boolean atEnd() {
        return index >= tokens.size();
    }

    Token peek() {
        return atEnd() ? null : tokens.get(index);
    }

    Token peek(int ahead) {
        return index + ahead < tokens.size() ? tokens.get(index + ahead) : null;
    }

    Token next() {
        if (atEnd()) {
            throw new StatementSyntaxException("Unexpected end of statement", textLength);
        }
        return tokens.get(index++);
    }

    int index() {
        return index;
    }

    void reset(int position) {
        index = position;
    }

    Token token(int position) {
        return tokens.get(position);
    }

    int size() {
        return tokens.size();
    }

    /** Offset of the next token, or the end of the text. */
    int offset() {
        return atEnd() ? textLength : peek().start();
    }

    boolean accept(String keyword) {
        if (!atEnd() && peek().is(keyword)) {
            index++;
            return true;
        }
        return false;
    }

    boolean acceptSymbol(String symbol) {
        if (!atEnd() && peek().isSymbol(symbol)) {
            index++;
            return true;
        }
        return false;
    }

    Token expect(String keyword) {
        if (!accept(keyword)) {
            throw unexpected("'" + keyword + "'");
        }
        return tokens.get(index - 1);
    }

    void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw unexpected("'" + symbol + "'");
        }
    }

    Token expectIdentifier(String what) {
        if (atEnd() || !peek().isIdentifier()) {
            throw unexpected(what);
        }
        return next();
    }

    Token expectString(String what) {
        if (atEnd() || peek().kind() != Token.Kind.STRING) {
            throw unexpected(what + " (a quoted string)");
        }
        return next();
    }

    int expectInteger(String what) {
        if (atEnd() || peek().kind() != Token.Kind.NUMBER || peek().text().contains(".")) {
            throw unexpected(what);
        }
        return Integer.parseInt(next().text());
    }

    void expectEnd() {
        if (!atEnd()) {
            throw new StatementSyntaxException("Unexpected '" + peek().text() + "' after the end of the statement",
                    peek().start());
        }
    }

    StatementSyntaxException unexpected(String expected) {
        String found = atEnd() ? "the end of the statement" : "'" + peek().text() + "'";
        return new StatementSyntaxException("Expected " + expected + " but found " + found, offset());
    }
}
