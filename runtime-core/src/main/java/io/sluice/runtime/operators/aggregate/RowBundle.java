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
        LinkedHashMap<Object, ArrayList<Row>> copy = new LinkedHashMap<>();
        rowsByKey.forEach((key, rows) -> copy.put(key, new ArrayList<>(rows)));
        return copy;
    }

    @SuppressWarnings("unchecked")
    void restore(Serializable saved) {
        rowsByKey = new LinkedHashMap<>((Map<Object, List<Row>>) saved);
    }
}
