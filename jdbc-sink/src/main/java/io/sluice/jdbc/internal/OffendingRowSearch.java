package io.sluice.jdbc.internal;

import io.sluice.jdbc.dialect.TableWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Finds a row the database rejects in a batch that failed with a data or integrity error, by writing
 * halves of it in transactions that are always rolled back (about 2·log₂(n) statements). Nothing it
 * writes stays in the table.
 */
final class OffendingRowSearch {
    private final TableWriter writer;

    public OffendingRowSearch(TableWriter writer) {
        this.writer = writer;
    }

    /**
     * A rejected row of {@code rows} and its error, or no row (only {@code failure}) when every half
     * succeeds alone, as when two rows of the batch collide with each other.
     *
     * @param failure the error of writing all of {@code rows}
     * @throws SQLException when a test write fails for another reason than the data
     */
    public Offender find(Connection connection, WritePhase phase, List<Object[]> rows, SQLException failure)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            List<Object[]> suspects = rows;
            SQLException error = failure;
            while (suspects.size() > 1) {
                List<Object[]> left = suspects.subList(0, suspects.size() / 2);
                List<Object[]> right = suspects.subList(suspects.size() / 2, suspects.size());
                SQLException leftError = rejection(connection, phase, left);
                SQLException rightError = leftError == null ? rejection(connection, phase, right) : null;
                if (leftError == null && rightError == null) {
                    return new Offender(null, error);
                }
                suspects = leftError != null ? left : right;
                error = leftError != null ? leftError : rightError;
            }
            return new Offender(suspects.get(0), error);
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private SQLException rejection(Connection connection, WritePhase phase, List<Object[]> rows)
            throws SQLException {
        try {
            phase.write(writer, connection, rows);
            return null;
        } catch (SQLException e) {
            if (FailureClass.of(e) != FailureClass.DATA) {
                throw e;
            }
            return e;
        } finally {
            connection.rollback();
        }
    }

    /** A rejected row (null when no single row is at fault) and the database's error for it. */
    public record Offender(Object[] row, SQLException error) {
    }
}
