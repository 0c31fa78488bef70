package io.sluice.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Splits a SQL script into statements at {@code ;}, except inside string literals (which may span
 * lines), quoted identifiers, comments, and an {@code EXECUTE STATEMENT SET BEGIN ... END} block (also
 * after {@code EXPLAIN} and {@code COMPILE [AND EXECUTE] PLAN 'file' FOR}).
 * Comments stay in the statement text so that positions inside a statement keep matching the script.
 */
final class ScriptSplitter {
    private static final Pattern STATEMENT_SET_START =
            Pattern.compile("(?is)\\s*(--[^\\n]*\\n\\s*)*(EXPLAIN\\s+(CHANGELOG_MODE\\s+)?"
                    + "|COMPILE\\s+(AND\\s+EXECUTE\\s+)?PLAN\\s+'(?:[^']|'')*'\\s+FOR\\s+)?"
                    + "EXECUTE\\s+STATEMENT\\s+SET\\s+BEGIN\\b.*");
    private static final Pattern STATEMENT_SET_END = Pattern.compile("(?is).*\\bEND\\s*$");

    private final String script;
    private int index;
    private int line = 1;
    private int column = 1;

    private ScriptSplitter(String script) {
        this.script = script;
    }

    /** The statements of {@code script}; blank and comment-only pieces are left out. */
    static List<ScriptStatement> split(String script) throws ScriptSyntaxException {
        return new ScriptSplitter(script).splitAll();
    }

    private List<ScriptStatement> splitAll() throws ScriptSyntaxException {
        List<ScriptStatement> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int startLine = 1;
        int startColumn = 1;
        while (index < script.length()) {
            char c = script.charAt(index);
            if (current.length() == 0) {
                startLine = line;
                startColumn = column;
            }
            if (c == '\'' || c == '"' || c == '`') {
                current.append(readQuoted(c));
            } else if (c == '-' && peek(1) == '-') {
                current.append(readUntilLineEnd());
            } else if (c == '/' && peek(1) == '*') {
                current.append(readBlockComment());
            } else if (c == ';' && !insideStatementSet(current)) {
                addStatement(statements, current, startLine, startColumn);
                current.setLength(0);
                advance();
            } else {
                current.append(c);
                advance();
            }
        }
        addStatement(statements, current, startLine, startColumn);
        return statements;
    }

    private void addStatement(List<ScriptStatement> statements, StringBuilder text, int startLine, int startColumn) {
        if (isBlankOrComment(text)) {
            return;
        }
        String statement = text.toString();
        int skipped = leadingWhitespaceAndComments(statement);
        String before = statement.substring(0, skipped);
        int newlines = (int) before.chars().filter(c -> c == '\n').count();
        int column = newlines == 0 ? startColumn + skipped : skipped - before.lastIndexOf('\n');
        statements.add(new ScriptStatement(statement.substring(skipped).stripTrailing(), startLine + newlines, column));
    }

    /** Length of the whitespace and comments before a statement's first token. */
    private static int leadingWhitespaceAndComments(String statement) {
        int at = 0;
        while (at < statement.length()) {
            if (Character.isWhitespace(statement.charAt(at))) {
                at++;
            } else if (statement.startsWith("--", at)) {
                int end = statement.indexOf('\n', at);
                at = end < 0 ? statement.length() : end + 1;
            } else if (statement.startsWith("/*", at)) {
                at = statement.indexOf("*/", at) + 2;
            } else {
                return at;
            }
        }
        return at;
    }

    private static boolean isBlankOrComment(CharSequence text) {
        return text.toString().replaceAll("(?m)--.*$", "").replaceAll("(?s)/\\*.*?\\*/", "").isBlank();
    }

    private static boolean insideStatementSet(CharSequence text) {
        String sql = text.toString();
        return STATEMENT_SET_START.matcher(sql).matches()
                && !STATEMENT_SET_END.matcher(sql.replaceAll("(?m)--.*$", "").toUpperCase(Locale.ROOT)).matches();
    }

    private String readQuoted(char quote) throws ScriptSyntaxException {
        int startLine = line;
        int startColumn = column;
        StringBuilder text = new StringBuilder().append(quote);
        advance();
        while (index < script.length()) {
            char c = script.charAt(index);
            text.append(c);
            advance();
            if (c == quote) {
                if (peek(0) == quote) {
                    text.append(quote);
                    advance();
                } else {
                    return text.toString();
                }
            }
        }
        String what = quote == '\'' ? "string literal" : "quoted identifier";
        throw new ScriptSyntaxException("Unterminated " + what + " (the " + quote + " opened here is never closed)",
                startLine, startColumn);
    }

    private String readUntilLineEnd() {
        int start = index;
        while (index < script.length() && script.charAt(index) != '\n') {
            advance();
        }
        return script.substring(start, index);
    }

    private String readBlockComment() throws ScriptSyntaxException {
        int startLine = line;
        int startColumn = column;
        int start = index;
        advance();
        advance();
        while (index < script.length()) {
            if (script.charAt(index) == '*' && peek(1) == '/') {
                advance();
                advance();
                return script.substring(start, index);
            }
            advance();
        }
        throw new ScriptSyntaxException("Unterminated comment (the /* opened here is never closed)", startLine,
                startColumn);
    }

    private char peek(int offset) {
        int at = index + offset;
        return at < script.length() ? script.charAt(at) : '\0';
    }

    private void advance() {
        if (script.charAt(index) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        index++;
    }
}
