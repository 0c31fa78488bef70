package io.sluice.examples.h2;

import io.sluice.jdbc.dialect.PrimaryKeyCheck.TableKeys;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads a table's primary key and other unique indexes through {@link DatabaseMetaData}, which H2
 * answers exactly; a database whose driver answers loosely is better asked through its own catalog.
 */
final class H2Catalog {
    private H2Catalog() {
    }

    /** The keys of {@code schema.table} or {@code table} (in the connection's schema); empty when it does not exist. */
    static Optional<TableKeys> keys(Connection connection, String tableName) throws SQLException {
        int dot = tableName.lastIndexOf('.');
        String schema = dot < 0 ? connection.getSchema() : tableName.substring(0, dot);
        String table = tableName.substring(dot + 1);
        DatabaseMetaData metaData = connection.getMetaData();
        if (!exists(metaData, schema, table)) {
            return Optional.empty();
        }
        return Optional.of(new TableKeys(primaryKey(metaData, schema, table), uniqueIndexes(metaData, schema, table)));
    }

    // getTables takes a LIKE pattern, in which '_' of a table name would match any character.
    private static boolean exists(DatabaseMetaData metaData, String schema, String table) throws SQLException {
        String escape = metaData.getSearchStringEscape();
        String pattern = table.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
        try (ResultSet tables = metaData.getTables(null, schema, pattern, null)) {
            return tables.next();
        }
    }

    private static List<String> primaryKey(DatabaseMetaData metaData, String schema, String table)
            throws SQLException {
        Map<Short, String> bySequence = new TreeMap<>();
        try (ResultSet keys = metaData.getPrimaryKeys(null, schema, table)) {
            while (keys.next()) {
                bySequence.put(keys.getShort("KEY_SEQ"), keys.getString("COLUMN_NAME"));
            }
        }
        return List.copyOf(bySequence.values());
    }

    private static Map<String, List<String>> uniqueIndexes(DatabaseMetaData metaData, String schema, String table)
            throws SQLException {
        Map<String, List<String>> indexes = new LinkedHashMap<>();
        try (ResultSet index = metaData.getIndexInfo(null, schema, table, true, false)) {
            while (index.next()) {
                String name = index.getString("INDEX_NAME");
                if (!name.startsWith("PRIMARY_KEY")) {
                    indexes.computeIfAbsent(name, n -> new ArrayList<>()).add(index.getString("COLUMN_NAME"));
                }
            }
        }
        return indexes;
    }
}
