package io.sluice.it;

import io.sluice.it.DifferentialQuery.Dialect;
import io.sluice.testing.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * PostgreSQL's own answer to a differential case: the query run as a batch query over what the
 * changelogs leave, in temporary tables of one connection.
 */
final class DifferentialOracle implements AutoCloseable {
    private final Connection connection;

    DifferentialOracle(TestDatabase postgres) throws SQLException {
        if (postgres.kind() != TestDatabase.Kind.POSTGRES) {
            throw new IllegalArgumentException("The batch answer comes from PostgreSQL, not " + postgres.kind());
        }
        this.connection = postgres.open();
    }

    /** The rows of {@code testCase}'s query over the final state of its inputs, each as {@link #rowText}. */
    List<String> answer(DifferentialCase testCase) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS oracle_src, oracle_dim");
            statement.execute("CREATE TEMPORARY TABLE oracle_src (id INT PRIMARY KEY, g INT, h TEXT, v INT)");
            statement.execute("CREATE TEMPORARY TABLE oracle_dim (k INT PRIMARY KEY, name TEXT, w INT)");
            load("oracle_src", testCase.source());
            load("oracle_dim", testCase.dimension());
            try (ResultSet result = statement.executeQuery(
                    testCase.query().sql(Dialect.POSTGRES, "oracle_src", "oracle_dim"))) {
                return rows(result);
            }
        }
    }

    private void load(String table, DifferentialChangelog changelog) throws SQLException {
        List<Object[]> rows = changelog.finalRows();
        if (rows.isEmpty()) {
            return;
        }
        String parameters = String.join(", ", Collections.nCopies(rows.get(0).length, "?"));
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO " + table + " VALUES (" + parameters + ")")) {
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    insert.setObject(i + 1, row[i]);
                }
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** Every row of {@code result} as {@code [v1, v2, ...]}, values compared by what they mean. */
    static List<String> rows(ResultSet result) throws SQLException {
        List<String> rows = new ArrayList<>();
        int columns = result.getMetaData().getColumnCount();
        while (result.next()) {
            List<String> values = new ArrayList<>();
            for (int i = 1; i <= columns; i++) {
                values.add(valueText(result.getObject(i)));
            }
            rows.add(values.toString());
        }
        rows.sort(null);
        return rows;
    }

    /** Numbers by value (an INT 3, a BIGINT 3 and a DECIMAL 3.0 are all {@code 3}); NULL as {@code NULL}. */
    static String valueText(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof Number number) {
            return new BigDecimal(number.toString()).stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
