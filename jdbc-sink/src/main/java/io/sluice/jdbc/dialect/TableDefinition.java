package io.sluice.jdbc.dialect;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.util.List;

/**
 * A database table as the sink sees it: its name as written in {@code table-name} (possibly
 * {@code schema.table}), its declared columns and its declared primary key (empty: none).
 */
public record TableDefinition(String tableName, List<Column> columns, List<String> primaryKey) {
    public TableDefinition {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
    }

    public boolean hasPrimaryKey() {
        return !primaryKey.isEmpty();
    }

    /** Column names in declared order. */
    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    /** Column types in declared order. */
    public List<LogicalType> columnTypes() {
        return columns.stream().map(Column::type).toList();
    }

    /** Positions of the primary key columns in {@link #columns()}, in key order. */
    public int[] keyIndexes() {
        List<String> names = columnNames();
        return primaryKey.stream().mapToInt(names::indexOf).toArray();
    }

    /** Columns not in the primary key, in declared order. */
    public List<Column> valueColumns() {
        return columns.stream().filter(c -> !primaryKey.contains(c.name())).toList();
    }

    /** Primary key columns in key order. */
    public List<Column> keyColumns() {
        return primaryKey.stream()
                .map(k -> columns.stream().filter(c -> c.name().equals(k)).findFirst().orElseThrow())
                .toList();
    }
}
