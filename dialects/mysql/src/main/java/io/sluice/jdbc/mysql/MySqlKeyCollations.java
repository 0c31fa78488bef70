package io.sluice.jdbc.mysql;

import io.sluice.jdbc.dialect.TableDefinition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds the key columns of a table whose collation takes distinct strings for equal. Only a binary
 * collation compares strings as the sink does, and of those only a NO PAD one ({@code binary}, MariaDB's
 * {@code *_nopad_bin}, MySQL's {@code *_0900_bin}) keeps trailing spaces significant; a CHAR column
 * drops trailing spaces from every value anyway, so padding does not matter there.
 */
final class MySqlKeyCollations {
    private static final String COLLATIONS = "SELECT COLUMN_NAME, DATA_TYPE, COLLATION_NAME"
            + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ? AND COLLATION_NAME IS NOT NULL";

    private MySqlKeyCollations() {
    }

    static Map<String, String> mergingValues(Connection connection, TableDefinition table) throws SQLException {
        String instead = MySqlServer.of(connection.getMetaData()).noPadBinaryCollation()
                .map(name -> "; give the column the collation " + name)
                .orElse("; this server has no binary collation that keeps trailing spaces (MariaDB 10.2.2 and "
                        + "MySQL 8.0.17 have one)");
        Set<String> keys = table.primaryKey().stream().map(k -> k.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        Map<String, String> merging = new LinkedHashMap<>();
        int dot = table.tableName().lastIndexOf('.');
        try (PreparedStatement statement = connection.prepareStatement(COLLATIONS)) {
            statement.setString(1, dot < 0 ? null : table.tableName().substring(0, dot));
            statement.setString(2, table.tableName().substring(dot + 1));
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    String column = result.getString(1);
                    String why = keys.contains(column.toLowerCase(Locale.ROOT))
                            ? mergesValues(result.getString(2), result.getString(3)) : null;
                    if (why != null) {
                        merging.put(column, why + instead);
                    }
                }
            }
        }
        return merging;
    }

    /** Why a {@code dataType} column compared by {@code collation} takes distinct strings for equal; null if not. */
    static String mergesValues(String dataType, String collation) {
        String name = collation.toLowerCase(Locale.ROOT);
        if (!name.equals("binary") && !name.endsWith("_bin")) {
            return "its collation " + collation + " is not binary: strings that differ in case, accents or "
                    + "ignorable characters can be equal";
        }
        boolean noPad = name.equals("binary") || name.contains("_nopad_") || name.contains("_0900_");
        if (!noPad && !dataType.equalsIgnoreCase("char")) {
            return "its collation " + collation + " ignores trailing spaces: 'a' and 'a ' are equal";
        }
        return null;
    }
}
