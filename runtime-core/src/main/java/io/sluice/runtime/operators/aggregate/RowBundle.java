package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The rows of one mini-batch bundle, grouped by key in the order keys first appeared. Rows are copied
 * on the way in, since callers reuse theirs.
 */
final class RowBundle {
    private LinkedHashMap<Object, List<Row>> rowsByKey = new LinkedHashMap<>();

    void add(Object key, Row row) {
        rowsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(row.copy());
    }

    /** Hands every key's rows to {@code consumer}, then empties the bundle. */
    void drain(BiConsumer<Object, List<Row>> consumer) {
        LinkedHashMap<Object, List<Row>> drained = rowsByKey;
        rowsByKey = new LinkedHashMap<>();
        drained.forEach(consumer);
    }

    Serializable snapshot() {
        return copy(rowsByKey);
    }

    /** Takes a copy, so that a snapshot handed to the engine never changes with this bundle. */
    @SuppressWarnings("unchecked")
    void restore(Serializable saved) {
        rowsByKey = copy((Map<Object, List<Row>>) saved);
    }

    private static LinkedHashMap<Object, List<Row>> copy(Map<Object, List<Row>> from) {
        LinkedHashMap<Object, List<Row>> copy = new LinkedHashMap<>();
        from.forEach((key, rows) -> copy.put(key, new ArrayList<>(rows)));
        return copy;
    }
}
