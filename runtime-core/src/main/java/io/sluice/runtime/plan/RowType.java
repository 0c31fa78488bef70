package io.sluice.runtime.plan;

import io.sluice.api.types.LogicalType;
import java.util.List;

/** The field names and types of the rows a node emits. */
public record RowType(List<String> names, List<LogicalType> types) {
    public RowType {
        names = List.copyOf(names);
        types = List.copyOf(types);
        if (names.size() != types.size()) {
            throw new IllegalArgumentException("names and types differ in size: " + names + " / " + types);
        }
    }

    public int arity() {
        return names.size();
    }
}
