package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OperatorContext.ProcessingClock;
import io.sluice.runtime.operators.Output;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The keyed state of a group aggregation and the changes it emits, as Flink's GroupAggHelper (seed 000
 * §3.2): the first row of a key emits +I; a retraction for a key without state is dropped; an
 * unchanged result emits nothing unless state TTL is on; otherwise -U (when asked for) and +U; when a
 * key's row count reaches zero, -D and the key's state is cleared. Output rows are the group key
 * fields, then the aggregate values.
 */
final class GroupAggregation {
    /** How one input row changes a key's accumulators. */
    @FunctionalInterface
    interface RowApplier {
        void apply(Accumulators accumulators, Row row);
    }

    private final int[] groupKeys;
    private final Accumulators prototype;
    private final boolean generateUpdateBefore;
    private final StateTimeToLive ttl;
    private final Object[] previous;
    private final Map<Object, Accumulators> state = new HashMap<>();

    GroupAggregation(int[] groupKeys, Accumulators prototype, boolean generateUpdateBefore, long ttlMillis,
                     ProcessingClock clock, int aggregateCount) {
        this.groupKeys = groupKeys.clone();
        this.prototype = prototype;
        this.generateUpdateBefore = generateUpdateBefore;
        this.ttl = new StateTimeToLive(ttlMillis, clock);
        this.previous = new Object[aggregateCount];
    }

    /** Applies one row of {@code key} (accumulate or retract by its kind) and emits the change. */
    void processRow(Object key, Row row, Output output) {
        Accumulators accumulators = lookup(key);
        boolean first = accumulators == null;
        if (first) {
            if (row.kind().isRetract()) {
                return;
            }
            accumulators = prototype.newEmpty();
        } else {
            accumulators.writeValues(previous, 0);
        }
        accumulators.applyChange(row);
        finish(key, row, accumulators, first, output);
    }

    /**
     * Applies all rows a bundle holds for {@code key} with {@code applier}, then emits at most one
     * change compared to the state before the bundle. Leading retractions of a key without state are
     * dropped, as single rows would be.
     */
    void processBundle(Object key, List<Row> rows, RowApplier applier, Output output) {
        Accumulators accumulators = lookup(key);
        boolean first = accumulators == null;
        int start = 0;
        if (first) {
            while (start < rows.size() && rows.get(start).kind().isRetract()) {
                start++;
            }
            if (start == rows.size()) {
                return;
            }
            accumulators = prototype.newEmpty();
        } else {
            accumulators.writeValues(previous, 0);
        }
        for (int i = start; i < rows.size(); i++) {
            applier.apply(accumulators, rows.get(i));
        }
        finish(key, rows.get(start), accumulators, first, output);
    }

    private Accumulators lookup(Object key) {
        Accumulators accumulators = state.get(key);
        if (accumulators != null && ttl.expired(key)) {
            state.remove(key);
            ttl.forget(key);
            return null;
        }
        return accumulators;
    }

    private void finish(Object key, Row keyRow, Accumulators accumulators, boolean first, Output output) {
        if (accumulators.rowCount() <= 0) {
            if (!first) {
                output.emit(result(RowKind.DELETE, keyRow, previous));
            }
            state.remove(key);
            ttl.forget(key);
            return;
        }
        state.put(key, accumulators);
        ttl.touch(key);
        if (first) {
            output.emit(current(RowKind.INSERT, keyRow, accumulators));
        } else if (ttl.enabled() || !accumulators.valuesEqual(previous, 0)) {
            if (generateUpdateBefore) {
                output.emit(result(RowKind.UPDATE_BEFORE, keyRow, previous));
            }
            output.emit(current(RowKind.UPDATE_AFTER, keyRow, accumulators));
        }
    }

    private Row current(RowKind kind, Row keyRow, Accumulators accumulators) {
        Object[] fields = keyFields(keyRow, previous.length);
        accumulators.writeValues(fields, groupKeys.length);
        return new Row(kind, fields);
    }

    private Row result(RowKind kind, Row keyRow, Object[] values) {
        Object[] fields = keyFields(keyRow, values.length);
        System.arraycopy(values, 0, fields, groupKeys.length, values.length);
        return new Row(kind, fields);
    }

    private Object[] keyFields(Row keyRow, int valueCount) {
        Object[] fields = new Object[groupKeys.length + valueCount];
        for (int i = 0; i < groupKeys.length; i++) {
            fields[i] = keyRow.field(groupKeys[i]);
        }
        return fields;
    }

    /**
     * Every live key's accumulators in their partial encoding, with their last write times. Expired
     * keys are dropped on the way, as Flink's full-snapshot cleanup does, so idle keys do not stay in
     * memory forever.
     */
    Serializable snapshot() {
        HashMap<Object, Object[]> partials = new HashMap<>();
        Iterator<Map.Entry<Object, Accumulators>> entries = state.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Object, Accumulators> entry = entries.next();
            if (ttl.expired(entry.getKey())) {
                ttl.forget(entry.getKey());
                entries.remove();
            } else {
                Object[] partial = new Object[entry.getValue().partialArity()];
                entry.getValue().writePartial(partial, 0);
                partials.put(entry.getKey(), partial);
            }
        }
        return new Snapshot(partials, ttl.snapshot(partials.keySet()));
    }

    void restore(Serializable saved) {
        Snapshot snapshot = (Snapshot) saved;
        state.clear();
        snapshot.partials().forEach((key, partial) -> {
            Accumulators accumulators = prototype.newEmpty();
            accumulators.merge(partial, 0);
            state.put(key, accumulators);
        });
        ttl.restore(snapshot.lastWrites());
    }

    private record Snapshot(HashMap<Object, Object[]> partials, HashMap<Object, Long> lastWrites)
            implements Serializable {
    }
}
