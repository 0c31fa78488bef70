package io.sluice.api.table;

import io.sluice.api.types.LogicalType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A table's columns, its optional {@code PRIMARY KEY (...) NOT ENFORCED} and optional watermark.
 * Primary key columns are NOT NULL and physical, as in Flink. Connectors are handed the
 * {@link #physical()} schema: computed columns are the planner's.
 */
public final class TableSchema {
    private final List<Column> columns;
    private final List<String> primaryKey;
    private final WatermarkSpec watermark;

    private TableSchema(List<Column> columns, List<String> primaryKey, WatermarkSpec watermark) {
        this.columns = List.copyOf(columns);
        this.primaryKey = List.copyOf(primaryKey);
        this.watermark = watermark;
    }

    /**
     * @param primaryKey column names of the primary key, empty for none
     * @param watermark  null for none
     * @throws IllegalArgumentException on duplicate columns or a key/watermark naming an unknown column
     */
    public static TableSchema of(List<Column> columns, List<String> primaryKey, WatermarkSpec watermark) {
        Set<String> names = new HashSet<>();
        for (Column column : columns) {
            if (!names.add(column.name())) {
                throw new IllegalArgumentException("Column '" + column.name() + "' is declared twice");
            }
        }
        for (String key : primaryKey) {
            if (!names.contains(key)) {
                throw new IllegalArgumentException("Primary key column '" + key + "' is not a column of the table");
            }
            for (Column column : columns) {
                if (column.name().equals(key) && !column.isPhysical()) {
                    throw new IllegalArgumentException("Primary key column '" + key + "' is a "
                            + (column.isComputed() ? "computed" : "metadata") + " column; a primary key names "
                            + "physical columns only");
                }
            }
        }
        if (watermark != null && !names.contains(watermark.rowtimeColumn())) {
            throw new IllegalArgumentException(
                    "Watermark column '" + watermark.rowtimeColumn() + "' is not a column of the table");
        }
        List<Column> keyed = new ArrayList<>(columns.size());
        for (Column column : columns) {
            keyed.add(primaryKey.contains(column.name())
                    ? column.withType(column.type().notNull()) : column);
        }
        return new TableSchema(keyed, primaryKey, watermark);
    }

    public static TableSchema of(List<Column> columns) {
        return of(columns, List.of(), null);
    }

    public List<Column> columns() {
        return columns;
    }

    public boolean hasComputedColumns() {
        return columns.stream().anyMatch(Column::isComputed);
    }

    /**
     * The columns a connector reads: this schema without its computed columns (its physical and metadata
     * columns), and without a watermark on a computed column. This schema itself when it has no computed
     * columns.
     */
    public TableSchema physical() {
        return hasComputedColumns() ? keeping(column -> !column.isComputed()) : this;
    }

    /** The columns an INSERT writes: the physical ones and the metadata ones that are not VIRTUAL. */
    public TableSchema persisted() {
        return keeping(column -> !column.isComputed() && !(column.isMetadata() && column.virtual()));
    }

    /** Whether the table declares metadata columns. */
    public boolean hasMetadataColumns() {
        return columns.stream().anyMatch(Column::isMetadata);
    }

    private TableSchema keeping(java.util.function.Predicate<Column> kept) {
        List<Column> remaining = columns.stream().filter(kept).toList();
        if (remaining.size() == columns.size()) {
            return this;
        }
        boolean watermarkRemains = watermark != null
                && remaining.stream().anyMatch(column -> column.name().equals(watermark.rowtimeColumn()));
        return new TableSchema(remaining, primaryKey, watermarkRemains ? watermark : null);
    }

    public int columnCount() {
        return columns.size();
    }

    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    public List<LogicalType> columnTypes() {
        return columns.stream().map(Column::type).toList();
    }

    /** The column's position, or -1. Names match exactly (SQL identifiers are resolved before). */
    public int indexOf(String columnName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(columnName)) {
                return i;
            }
        }
        return -1;
    }

    /** Primary key column names in key order; empty when the table has none. */
    public List<String> primaryKey() {
        return primaryKey;
    }

    public boolean hasPrimaryKey() {
        return !primaryKey.isEmpty();
    }

    /** Positions of the primary key columns, in key order. */
    public int[] primaryKeyIndexes() {
        return primaryKey.stream().mapToInt(this::indexOf).toArray();
    }

    public Optional<WatermarkSpec> watermark() {
        return Optional.ofNullable(watermark);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("(");
        for (int i = 0; i < columns.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(columns.get(i));
        }
        if (hasPrimaryKey()) {
            text.append(", PRIMARY KEY (").append(String.join(", ", primaryKey)).append(") NOT ENFORCED");
        }
        return text.append(")").toString();
    }
}
