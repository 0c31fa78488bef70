package io.sluice.jdbc.dialect;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/**
 * The database server a connection talks to, as its driver names it ({@code MariaDB},
 * {@code 5.5.5-10.11.6-MariaDB}), for a dialect whose SQL depends on the server's version.
 */
public record DatabaseProduct(String name, String version) {

    public static DatabaseProduct of(DatabaseMetaData metaData) throws SQLException {
        return new DatabaseProduct(metaData.getDatabaseProductName(), metaData.getDatabaseProductVersion());
    }
}
