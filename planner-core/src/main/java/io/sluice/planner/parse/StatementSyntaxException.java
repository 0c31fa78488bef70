package io.sluice.planner.parse;

/** A statement that does not follow the grammar; {@code offset} is where, within the statement text. */
public final class StatementSyntaxException extends RuntimeException {
    private final int offset;

    public StatementSyntaxException(String message, int offset) {
        super(message);
        this.offset = offset;
    }

    public int offset() {
        return offset;
    }
}
