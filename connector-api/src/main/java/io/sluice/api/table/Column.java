package io.sluice.api.table;

import io.sluice.api.types.LogicalType;
import java.util.Objects;

/**
 * A named, typed column of a table: physical (read from and written to the connector), a metadata
 * column ({@code name TYPE METADATA [FROM 'key'] [VIRTUAL]}: a value the connector knows about each row
 * besides its data, such as a Kafka message's offset), or computed ({@code name AS expression},
 * evaluated over the other columns when the table is read; connectors never see it).
 *
 * @param expressionSql the computed column's expression as SQL text; null for other columns
 * @param metadataKey   the connector's name of a metadata column's value; null for other columns
 * @param virtual       a metadata column that is only read: INSERT leaves it out
 */
public record Column(String name, LogicalType type, String expressionSql, String metadataKey, boolean virtual) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (expressionSql != null && metadataKey != null) {
            throw new IllegalArgumentException("Column '" + name + "' cannot be computed and metadata at once");
        }
    }

    /** A physical column. */
    public Column(String name, LogicalType type) {
        this(name, type, null, null, false);
    }

    public static Column computed(String name, LogicalType type, String expressionSql) {
        return new Column(name, type, Objects.requireNonNull(expressionSql, "expressionSql"), null, false);
    }

    public static Column metadata(String name, LogicalType type, String metadataKey, boolean virtual) {
        return new Column(name, type, null, Objects.requireNonNull(metadataKey, "metadataKey"), virtual);
    }

    public boolean isComputed() {
        return expressionSql != null;
    }

    public boolean isMetadata() {
        return metadataKey != null;
    }

    /** Neither computed nor metadata: a value of the row's data itself. */
    public boolean isPhysical() {
        return !isComputed() && !isMetadata();
    }

    /** The same column with another type (a primary key column becomes NOT NULL). */
    public Column withType(LogicalType newType) {
        return new Column(name, newType, expressionSql, metadataKey, virtual);
    }

    /** As declared: {@code name TYPE}, with {@code AS expression} or {@code METADATA FROM 'key' VIRTUAL}. */
    @Override
    public String toString() {
        return name + " " + type + (isComputed() ? " AS " + expressionSql : "")
                + (isMetadata() ? " METADATA FROM '" + metadataKey + "'" + (virtual ? " VIRTUAL" : "") : "");
    }
}
