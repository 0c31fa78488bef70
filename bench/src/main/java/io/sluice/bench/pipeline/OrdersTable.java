package io.sluice.bench.pipeline;

import io.sluice.bench.pipeline.OrdersChangelog.Change;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Objects;

/** Reads the job's table back with plain JDBC and compares it row by row with the changelog's final table. */
final class OrdersTable {

    private OrdersTable() {
    }

    /**
     * @return the number of rows, all as expected
     * @throws IllegalStateException naming the first row that differs, or the counts
     */
    static int verify(Connection connection, String table, Map<Long, Change> expected) throws SQLException {
        int rows = 0;
        try (Statement select = connection.createStatement();
                ResultSet result = select.executeQuery("SELECT id, tenant, amount, status, updated_at FROM " + table)) {
            while (result.next()) {
                long id = result.getLong(1);
                Change wanted = expected.get(id);
                int tenant = result.getInt(2);
                BigDecimal amount = result.getBigDecimal(3);
                String status = result.getString(4);
                LocalDateTime updatedAt = result.getObject(5, LocalDateTime.class);
                if (wanted == null || wanted.tenant() != tenant || wanted.amount().compareTo(amount) != 0
                        || !Objects.equals(wanted.status(), status) || !wanted.updatedAt().equals(updatedAt)) {
                    throw new IllegalStateException("Row id=" + id + " (" + tenant + ", " + amount + ", " + status + ", "
                            + updatedAt + ") in " + table + " should be " + (wanted == null ? "absent" : wanted));
                }
                rows++;
            }
        }
        if (rows != expected.size()) {
            throw new IllegalStateException(table + " has " + rows + " rows instead of " + expected.size());
        }
        return rows;
    }
}
