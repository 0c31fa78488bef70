package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Names the column a rejected row failed on. Some databases say it in the message (MySQL's
 * {@code Data too long for column 'c'}, PostgreSQL's {@code null value in column "c"}); for a string too
 * long (SQLSTATE 22001) without a name, the column sizes the table reports are compared with the values.
 */
public final class ColumnDiagnosis {
    private static final String STRING_TOO_LONG = "22001";

    private final List<String> columns;
    private final String quotedTableName;

    /** @param quotedTableName the table as the dialect quotes it, for a metadata-only query */
    public ColumnDiagnosis(List<String> columns, String quotedTableName) {
        this.columns = List.copyOf(columns);
        this.quotedTableName = quotedTableName;
    }

    /** The column {@code row} failed on, if the error or the table's metadata tells. */
    public Optional<String> column(SQLException error, Object[] row, Connection connection) {
        Optional<String> named = namedInMessage(error.getMessage());
        if (named.isPresent() || !STRING_TOO_LONG.equals(error.getSQLState())) {
            return named;
        }
        try {
            return tooLongForColumn(row, connection);
        } catch (SQLException e) {
            error.addSuppressed(e);
            return Optional.empty();
        }
    }

    private Optional<String> namedInMessage(String message) {
        if (message == null) {
            return Optional.empty();
        }
        String text = message.toLowerCase(Locale.ROOT);
        return columns.stream().filter(column -> {
            String name = column.toLowerCase(Locale.ROOT);
            return text.contains("column '" + name + "'") || text.contains("column \"" + name + "\"")
                    || text.contains("column `" + name + "`");
        }).findFirst();
    }

    private Optional<String> tooLongForColumn(Object[] row, Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet empty = statement.executeQuery("SELECT * FROM " + quotedTableName + " WHERE 1 = 0")) {
            ResultSetMetaData metadata = empty.getMetaData();
            for (int i = 1; i <= metadata.getColumnCount(); i++) {
                int index = indexOf(metadata.getColumnName(i));
                if (index >= 0 && row[index] instanceof String value && metadata.getPrecision(i) > 0
                        && value.codePointCount(0, value.length()) > metadata.getPrecision(i)) {
                    return Optional.of(columns.get(index));
                }
            }
            return Optional.empty();
        } finally {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
        }
    }

    private int indexOf(String databaseColumn) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).equalsIgnoreCase(databaseColumn)) {
                return i;
            }
        }
        return -1;
    }
}
