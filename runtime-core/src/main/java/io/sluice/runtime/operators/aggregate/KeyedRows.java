package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lists of rows by key, keys in the order they first appeared: a Top-N partition's sorted rows,
 * the rows a sink key currently has. Callers store copies of the rows they are handed; stored rows
 * are never changed, so a snapshot shares them.
 */
public final class KeyedRows {
    private LinkedHashMap<Object, List<Row>> rowsByKey = new LinkedHashMap<>();

    /** The rows of {@code key}, an empty list for a new key; changes to the list are kept. */
    public List<Row> rowsOf(Object key) {
        return rowsByKey.computeIfAbsent(key, k -> new ArrayList<>());
    }

    /** Forgets {@code key} when it has no rows left. */
    public void removeIfEmpty(Object key) {
        List<Row> rows = rowsByKey.get(key);
        if (rows != null && rows.isEmpty()) {
            rowsByKey.remove(key);
        }
    }

    public Serializable snapshot() {
        return copy(rowsByKey);
    }

    /** Takes a copy, so that a snapshot handed to the engine never changes with these rows. */
    @SuppressWarnings("unchecked")
    public void restore(Serializable saved) {
        rowsByKey = copy((Map<Object, List<Row>>) saved);
    }

    private static LinkedHashMap<Object, List<Row>> copy(Map<Object, List<Row>> from) {
        LinkedHashMap<Object, List<Row>> copy = new LinkedHashMap<>();
        from.forEach((key, rows) -> copy.put(key, new ArrayList<>(rows)));
        return copy;
    }
}
