package io.sluice.api.table;

import io.sluice.api.types.LogicalType;
import java.util.Objects;

/** A named, typed column of a table. */
public record Column(String name, LogicalType type) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public String toString() {
        return name + " " + type;
    }
}
