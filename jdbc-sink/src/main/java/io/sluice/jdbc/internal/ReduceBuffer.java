package io.sluice.jdbc.internal;

import io.sluice.api.data.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The buffer of a sink with a primary key: the last change of each key (Flink's
 * {@code TableBufferReducedStatementExecutor}). +I and +U make the key's row an upsert, -U and -D
 * make it a delete by key; a later change of a key replaces the earlier one, so that within one flush
 * I→U is one upsert, I→-D one delete, -D→I one upsert. Keys keep the order they first appeared in.
 */
public final class ReduceBuffer implements ChangeBuffer {
    private final int[] keyIndexes;
    private final Map<Object, Change> changes = new LinkedHashMap<>();
    private long rowsReceived;
    private long rowsReduced;

    /** @param keyIndexes positions of the primary key columns in a row */
    public ReduceBuffer(int[] keyIndexes) {
        if (keyIndexes.length == 0) {
            throw new IllegalArgumentException("A reduce buffer needs a primary key");
        }
        this.keyIndexes = keyIndexes.clone();
    }

    @Override
    public void add(Row row) {
        Object[] fields = row.copy().fields();
        rowsReceived++;
        if (changes.put(keyOf(fields), new Change(row.kind().isAccumulate(), fields)) != null) {
            rowsReduced++;
        }
    }

    @Override
    public void addBatch(ChangeBatch batch) {
        for (Object[] fields : batch.upserts()) {
            changes.put(keyOf(fields), new Change(true, fields));
        }
        for (Object[] fields : batch.deletes()) {
            changes.put(keyOf(fields), new Change(false, fields));
        }
    }

    @Override
    public ChangeBatch batch() {
        List<Object[]> upserts = new ArrayList<>();
        List<Object[]> deletes = new ArrayList<>();
        for (Change change : changes.values()) {
            (change.upsert ? upserts : deletes).add(change.fields);
        }
        return new ChangeBatch(List.of(), upserts, deletes);
    }

    @Override
    public void clear() {
        changes.clear();
    }

    @Override
    public int size() {
        return changes.size();
    }

    @Override
    public long rowsReceived() {
        return rowsReceived;
    }

    @Override
    public long rowsReduced() {
        return rowsReduced;
    }

    /** A single-column key is its value (no wrapper to allocate), except arrays, which compare by identity. */
    private Object keyOf(Object[] fields) {
        if (keyIndexes.length == 1 && !(fields[keyIndexes[0]] instanceof byte[])) {
            return fields[keyIndexes[0]];
        }
        Object[] values = new Object[keyIndexes.length];
        for (int i = 0; i < keyIndexes.length; i++) {
            values[i] = fields[keyIndexes[i]];
        }
        return new CompositeKey(values);
    }

    private record Change(boolean upsert, Object[] fields) {
    }

    private record CompositeKey(Object[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof CompositeKey other && Arrays.deepEquals(values, other.values);
        }

        @Override
        public int hashCode() {
            return Arrays.deepHashCode(values);
        }
    }
}
