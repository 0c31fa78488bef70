package io.sluice.jdbc.mysql;

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

/** Reads a table's primary key and unique indexes from {@code information_schema}. */
final class MySqlCatalog {
    private static final String TABLE_EXISTS = "SELECT 1 FROM information_schema.TABLES"
            + " WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?";
    private static final String UNIQUE_INDEXES = "SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS"
            + " WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ? AND NON_UNIQUE = 0"
            + " ORDER BY INDEX_NAME, SEQ_IN_INDEX";

    private MySqlCatalog() {
    }

    /** The keys of {@code db.table} or {@code table} (in the connection's database); empty when it does not exist. */
    static Optional<TableKeys> keys(Connection connection, String tableName) throws SQLException {
        int dot = tableName.lastIndexOf('.');
        String database = dot < 0 ? null : tableName.substring(0, dot);
        String table = tableName.substring(dot + 1);
        if (!exists(connection, database, table)) {
            return Optional.empty();
        }
        Map<String, List<String>> indexes = uniqueIndexes(connection, database, table);
        List<String> primaryKey = indexes.getOrDefault("PRIMARY", List.of());
        indexes.remove("PRIMARY");
        return Optional.of(new TableKeys(primaryKey, indexes));
    }

    private static boolean exists(Connection connection, String database, String table) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(TABLE_EXISTS)) {
            statement.setString(1, database);
            statement.setString(2, table);
            try (ResultSet result = statement.executeQuery()) {
                return result.next();
            }
        }
    }

    private static Map<String, List<String>> uniqueIndexes(Connection connection, String database, String table)
            throws SQLException {
        Map<String, List<String>> indexes = new LinkedHashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(UNIQUE_INDEXES)) {
            statement.setString(1, database);
            statement.setString(2, table);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    indexes.computeIfAbsent(result.getString(1), name -> new ArrayList<>()).add(result.getString(2));
                }
            }
        }
        return indexes;
    }
}
