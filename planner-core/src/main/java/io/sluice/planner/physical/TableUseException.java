package io.sluice.planner.physical;

/** A table cannot be used as the statement uses it; the error points at the table's name in the statement. */
public final class TableUseException extends RuntimeException {
    private final String table;

    public TableUseException(String table, String message, Throwable cause) {
        super(message, cause);
        this.table = table;
    }

    /** The table's name as the statement writes it. */
    public String table() {
        return table;
    }
}
