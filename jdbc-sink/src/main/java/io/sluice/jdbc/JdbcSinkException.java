package io.sluice.jdbc;

import java.sql.SQLException;
import java.util.Optional;

/**
 * A flush the JDBC sink could not complete. The message names the sink table and, when rows were at
 * fault, the key values and column the database rejected; the database's exception is the cause.
 * The rows of the failed flush are still in the sink's buffer: nothing was reported as written.
 */
public final class JdbcSinkException extends RuntimeException {
    private final String sqlState;
    private final String column;

    public JdbcSinkException(String message, SQLException cause, String column) {
        super(message, cause);
        this.sqlState = cause == null ? null : cause.getSQLState();
        this.column = column;
    }

    /** The database's SQLSTATE, when it gave one. */
    public Optional<String> sqlState() {
        return Optional.ofNullable(sqlState);
    }

    /** The column the database rejected, when it said which. */
    public Optional<String> column() {
        return Optional.ofNullable(column);
    }
}
