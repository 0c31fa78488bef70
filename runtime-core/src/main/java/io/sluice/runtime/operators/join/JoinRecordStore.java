package io.sluice.runtime.operators.join;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One side of a stream join: per join key, the multiset of rows currently in the input, each distinct
 * row with its number of copies and, for an outer side, its number of associations (matching rows
 * on the other side), which says when its NULL-padded row must be emitted or retracted.
 */
final class JoinRecordStore {
    private HashMap<Object, LinkedHashMap<Row, Record>> rowsByKey = new HashMap<>();

    /** A distinct row of a key, stored as +I so that equal rows of any kind meet. */
    static final class Record implements Serializable {
        private static final long serialVersionUID = 1L;
        final Row row;
        long copies;
        long associations;

        Record(Row row, long copies, long associations) {
            this.row = row;
            this.copies = copies;
            this.associations = associations;
        }
    }

    /** The records of {@code key} that {@code matches} accepts. */
    List<Record> matching(Object key, Predicate<Row> matches) {
        Map<Row, Record> records = rowsByKey.get(key);
        if (records == null) {
            return List.of();
        }
        List<Record> found = new ArrayList<>();
        for (Record record : records.values()) {
            if (matches.test(record.row)) {
                found.add(record);
            }
        }
        return found;
    }

    /** Adds one copy of {@code row}, which has {@code associations} matches on the other side. */
    void add(Object key, Row row, long associations) {
        Row stored = row.copy();
        stored.setKind(RowKind.INSERT);
        Record record = rowsByKey.computeIfAbsent(key, k -> new LinkedHashMap<>())
                .computeIfAbsent(stored, r -> new Record(stored, 0, associations));
        record.copies++;
    }

    /** Removes one copy of {@code row}; false when the side does not hold it. */
    boolean remove(Object key, Row row) {
        Map<Row, Record> records = rowsByKey.get(key);
        Row probe = row.withKind(RowKind.INSERT);
        Record record = records == null ? null : records.get(probe);
        if (record == null) {
            return false;
        }
        if (--record.copies == 0) {
            records.remove(probe);
            if (records.isEmpty()) {
                rowsByKey.remove(key);
            }
        }
        return true;
    }

    Serializable snapshot() {
        return copy(rowsByKey);
    }

    /** Takes a copy, so that a snapshot handed to the engine never changes with this store. */
    @SuppressWarnings("unchecked")
    void restore(Serializable saved) {
        rowsByKey = copy((HashMap<Object, LinkedHashMap<Row, Record>>) saved);
    }

    private static HashMap<Object, LinkedHashMap<Row, Record>> copy(HashMap<Object, LinkedHashMap<Row, Record>> from) {
        HashMap<Object, LinkedHashMap<Row, Record>> copy = new HashMap<>();
        from.forEach((key, records) -> {
            LinkedHashMap<Row, Record> copied = new LinkedHashMap<>();
            records.forEach((row, r) -> copied.put(row, new Record(r.row, r.copies, r.associations)));
            copy.put(key, copied);
        });
        return copy;
    }
}
