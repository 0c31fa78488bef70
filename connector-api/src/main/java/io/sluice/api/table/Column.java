package io.sluice.api.table;

import io.sluice.api.types.LogicalType;
import java.util.Objects;

/**
 * A named, typed column of a table: physical (read from and written to the connector) or computed
 * ({@code name AS expression}, evaluated over the physical columns when the table is read; connectors
 * never see it).
 *
 * @param expressionSql the computed column's expression as SQL text; null for a physical column
 */
public record Column(String name, LogicalType type, String expressionSql) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** A physical column. */
    public Column(String name, LogicalType type) {
        this(name, type, null);
    }

    public static Column computed(String name, LogicalType type, String expressionSql) {
        return new Column(name, type, Objects.requireNonNull(expressionSql, "expressionSql"));
    }

    public boolean isComputed() {
        return expressionSql != null;
    }

    /** {@code name TYPE}, and {@code AS expression} for a computed column. */
    @Override
    public String toString() {
        return name + " " + type + (isComputed() ? " AS " + expressionSql : "");
    }
}
