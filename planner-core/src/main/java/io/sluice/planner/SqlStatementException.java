package io.sluice.planner;

/**
 * A statement that cannot be parsed, validated, planned or run. {@code line} and {@code column} are
 * 1-based positions within the statement text handed to {@link TableEnvironment#executeSql}
 * (0 when unknown); the CLI shifts them to the script's positions.
 */
public class SqlStatementException extends RuntimeException {
    private final int line;
    private final int column;

    public SqlStatementException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
