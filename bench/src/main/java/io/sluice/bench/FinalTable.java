package io.sluice.bench;

import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.TableDefinition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;

/** Compares the table in the database with the rows the changelog should have left. */
final class FinalTable {

    private FinalTable() {
    }

    /**
     * @return the number of rows, all as expected
     * @throws IllegalStateException naming the first row that differs, or the counts
     */
    static int verify(Connection connection, JdbcDialect dialect, TableDefinition table, Map<Long, Object[]> expected)
            throws SQLException {
        int rows = 0;
        try (PreparedStatement select = connection.prepareStatement(dialect.selectStatement(table));
                ResultSet result = select.executeQuery()) {
            while (result.next()) {
                Object[] row = new Object[table.columns().size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = dialect.read(result, i + 1, table.columns().get(i).type());
                }
                Object[] wanted = expected.get((Long) row[0]);
                if (!Arrays.equals(row, wanted)) {
                    throw new IllegalStateException("Row " + Arrays.toString(row) + " in " + table.tableName()
                            + " should be " + Arrays.toString(wanted));
                }
                rows++;
            }
        }
        connection.commit();
        if (rows != expected.size()) {
            throw new IllegalStateException(table.tableName() + " has " + rows + " rows instead of " + expected.size());
        }
        return rows;
    }
}
