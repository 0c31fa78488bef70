package io.sluice.cli;

/** A script that cannot be split into statements or whose variables cannot be replaced. */
final class ScriptSyntaxException extends Exception {
    private final int line;
    private final int column;

    ScriptSyntaxException(String message, int line, int column) {
        super(message);
        this.line = line;
        this.column = column;
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }
}
