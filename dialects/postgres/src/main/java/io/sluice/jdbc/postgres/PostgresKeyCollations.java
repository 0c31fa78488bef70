package io.sluice.jdbc.postgres;

import io.sluice.jdbc.dialect.TableDefinition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Finds the key columns of a table that compare distinct strings as equal: those of type
 * {@code citext} (case-insensitive) and those with a nondeterministic collation (PostgreSQL 12 and
 * later can declare one). Every other collation is deterministic: strings are equal only when their
 * bytes are.
 */
final class PostgresKeyCollations {
    private static final String MERGING_COLUMNS = "SELECT a.attname, t.typname,"
            + " CASE WHEN co.collisdeterministic THEN NULL ELSE co.collname END"
            + " FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
            + " LEFT JOIN pg_collation co ON co.oid = a.attcollation"
            + " WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped"
            + " AND (t.typname = 'citext' OR NOT co.collisdeterministic)";
    private static final int FIRST_WITH_NONDETERMINISTIC_COLLATIONS = 12;

    private PostgresKeyCollations() {
    }

    static Map<String, String> mergingValues(Connection connection, String quotedTableName, TableDefinition table)
            throws SQLException {
        Map<String, String> merging = new LinkedHashMap<>();
        if (connection.getMetaData().getDatabaseMajorVersion() < FIRST_WITH_NONDETERMINISTIC_COLLATIONS) {
            return merging;
        }
        try (PreparedStatement statement = connection.prepareStatement(MERGING_COLUMNS)) {
            statement.setString(1, quotedTableName);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    String column = result.getString(1);
                    if (table.primaryKey().contains(column)) {
                        merging.put(column, result.getString(3) == null
                                ? "its type " + result.getString(2) + " compares strings ignoring case; use text"
                                : "its collation \"" + result.getString(3) + "\" is nondeterministic: distinct "
                                        + "strings can be equal; give the column a deterministic collation");
                    }
                }
            }
        }
        return merging;
    }
}
