package io.sluice.jdbc.postgres;

import io.sluice.jdbc.dialect.PrimaryKeyCheck.TableKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a table's primary key and unique indexes from {@code pg_index}. The table is looked up by its
 * quoted name through {@code regclass}, so it resolves along the {@code search_path} exactly as the
 * sink's statements do.
 */
final class PostgresCatalog {
    private static final String TABLE_EXISTS = "SELECT to_regclass(?) IS NOT NULL";
    private static final String UNIQUE_INDEXES = "SELECT c.relname, i.indisprimary, a.attname"
            + " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            + " CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)"
            + " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum"
            + " WHERE i.indrelid = to_regclass(?) AND i.indisunique ORDER BY c.relname, k.position";

    private PostgresCatalog() {
    }

    /** The keys of the table {@code quotedTableName} names; empty when it does not exist. */
    static Optional<TableKeys> keys(Connection connection, String quotedTableName) throws SQLException {
        if (!exists(connection, quotedTableName)) {
            return Optional.empty();
        }
        List<String> primaryKey = new ArrayList<>();
        Map<String, List<String>> uniqueIndexes = new LinkedHashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(UNIQUE_INDEXES)) {
            statement.setString(1, quotedTableName);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    List<String> columns = result.getBoolean(2) ? primaryKey
                            : uniqueIndexes.computeIfAbsent(result.getString(1), name -> new ArrayList<>());
                    columns.add(result.getString(3));
                }
            }
        }
        return Optional.of(new TableKeys(primaryKey, uniqueIndexes));
    }

    private static boolean exists(Connection connection, String quotedTableName) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(TABLE_EXISTS)) {
            statement.setString(1, quotedTableName);
            try (ResultSet result = statement.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }
}
