package io.sluice.bench.sink;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Map;

/**
 * Reads the sink's table back with plain JDBC (not through the sink's dialect) and compares it with the
 * rows the changelog should have left.
 */
final class FinalTable {

    private FinalTable() {
    }

    /**
     * @return the number of rows, all as expected
     * @throws IllegalStateException naming the first row that differs, or the counts
     */
    static int verify(Connection connection, String table, Map<Long, Object[]> expected) throws SQLException {
        int rows = 0;
        try (Statement select = connection.createStatement();
                ResultSet result = select.executeQuery("SELECT id, name, amount, quantity, updated_at FROM " + table)) {
            while (result.next()) {
                Object[] row = {result.getLong(1), result.getString(2), result.getBigDecimal(3), result.getInt(4),
                        result.getObject(5, LocalDateTime.class)};
                Object[] wanted = expected.get((Long) row[0]);
                if (!matches(row, wanted)) {
                    throw new IllegalStateException("Row " + Arrays.toString(row) + " in " + table + " should be "
                            + (wanted == null ? "absent" : Arrays.toString(wanted)));
                }
                rows++;
            }
        }
        if (rows != expected.size()) {
            throw new IllegalStateException(table + " has " + rows + " rows instead of " + expected.size());
        }
        return rows;
    }

    private static boolean matches(Object[] row, Object[] wanted) {
        return wanted != null && row[0].equals(wanted[0]) && row[1].equals(wanted[1])
                && ((BigDecimal) row[2]).compareTo((BigDecimal) wanted[2]) == 0 && row[3].equals(wanted[3])
                && row[4].equals(wanted[4]);
    }
}
