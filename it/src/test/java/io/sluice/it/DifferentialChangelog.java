package io.sluice.it;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.data.RowText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * A changelog of one table keyed by its first column: a key is inserted before it is updated (-U of
 * the current row, then +U) or deleted, and may come back after a delete. With orphans it also holds
 * retractions of rows that are not there (a delete sent twice, the delete of a key never inserted), as
 * an inconsistent source sends them. What it leaves is {@link #finalRows()}, the input of the batch
 * query that gives the expected table of a {@link #consistent()} changelog.
 */
final class DifferentialChangelog {
    private final List<Row> changes;

    private DifferentialChangelog(List<Row> changes) {
        this.changes = List.copyOf(changes);
    }

    /**
     * Up to {@code maxSteps} changes over up to {@code maxKeys} keys, each row made by {@code rowOfKey};
     * with {@code orphans}, about one change in eight retracts a row that is not there.
     */
    static DifferentialChangelog random(Random random, int maxKeys, int maxSteps,
                                        Function<Integer, Object[]> rowOfKey, boolean orphans) {
        Map<Integer, Row> current = new LinkedHashMap<>();
        List<Row> changes = new ArrayList<>();
        int keys = 1 + random.nextInt(maxKeys);
        int steps = 1 + random.nextInt(maxSteps);
        Row lastDeleted = null;
        for (int i = 0; i < steps; i++) {
            int key = random.nextInt(keys);
            Row before = current.get(key);
            if (orphans && random.nextInt(8) == 0) {
                boolean again = lastDeleted != null && !current.containsKey((Integer) lastDeleted.field(0))
                        && random.nextBoolean();
                changes.add(again ? lastDeleted : Row.of(RowKind.DELETE, rowOfKey.apply(keys + random.nextInt(3))));
            } else if (before == null) {
                Row inserted = Row.insert(rowOfKey.apply(key));
                current.put(key, inserted);
                changes.add(inserted);
            } else if (random.nextInt(10) < 7) {
                Row after = Row.of(RowKind.UPDATE_AFTER, rowOfKey.apply(key));
                changes.add(before.withKind(RowKind.UPDATE_BEFORE));
                changes.add(after);
                current.put(key, after.withKind(RowKind.INSERT));
            } else {
                lastDeleted = before.withKind(RowKind.DELETE);
                changes.add(lastDeleted);
                current.remove(key);
            }
        }
        return new DifferentialChangelog(changes);
    }

    /** True when every retraction takes back a row that is there. */
    boolean consistent() {
        Map<Object, Object[]> rows = new LinkedHashMap<>();
        for (Row change : changes) {
            if (change.kind().isAccumulate()) {
                rows.put(change.field(0), change.fields());
            } else if (rows.remove(change.field(0)) == null) {
                return false;
            }
        }
        return true;
    }

    /** The rows left after every change, in key order of first appearance. */
    List<Object[]> finalRows() {
        Map<Object, Object[]> rows = new LinkedHashMap<>();
        for (Row change : changes) {
            if (change.kind().isAccumulate()) {
                rows.put(change.field(0), change.fields());
            } else {
                rows.remove(change.field(0));
            }
        }
        return List.copyOf(rows.values());
    }

    /** The changes as the {@code values} connector reads them, one per line. */
    List<String> lines() {
        return changes.stream().map(RowText::format).toList();
    }

    int size() {
        return changes.size();
    }

    /** The keys the changelog touches. */
    Set<Object> keys() {
        Map<Object, Boolean> keys = new LinkedHashMap<>();
        changes.forEach(change -> keys.put(change.field(0), true));
        return keys.keySet();
    }

    /** The same changelog without every change of {@code dropped}: each key's history stands alone. */
    DifferentialChangelog without(Set<Object> dropped) {
        return new DifferentialChangelog(changes.stream().filter(change -> !dropped.contains(change.field(0))).toList());
    }

    /** The first {@code count} changes, never cutting an update between its -U and +U. */
    DifferentialChangelog prefix(int count) {
        int end = Math.min(count, changes.size());
        if (end > 0 && end < changes.size() && changes.get(end - 1).kind() == RowKind.UPDATE_BEFORE) {
            end--;
        }
        return new DifferentialChangelog(changes.subList(0, end));
    }
}
