package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OperatorContext.ProcessingClock;
import io.sluice.runtime.operators.Output;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keyed state of a group aggregation and the changes it emits, as Flink's GroupAggHelper (seed 000
 * §3.2): the first row of a key emits +I; a retraction for a key without state is dropped; an
 * unchanged result emits nothing unless state TTL is on; otherwise -U (when asked for) and +U; when a
 * key's row count reaches zero, -D and the key's state is cleared. Output rows are the group key
 * fields, then the aggregate values.
 *
 * <p>In a mini-batch bundle (seed 001 §6.3) a key's state is looked up once, when the bundle first
 * touches the key, and its values at that moment are kept; the bundle's rows apply to the state at
 * once, and the end of the bundle emits one change per touched key against the kept values. This is
 * what buffering the rows and applying them at the end would emit, without copying them.
 */
final class GroupAggregation {
    /** How one input row changes a key's accumulators. */
    @FunctionalInterface
    interface RowApplier {
        void apply(Accumulators accumulators, Row row);
    }

    private final KeyProjection keys;
    private final int keyCount;
    private final Accumulators prototype;
    private final boolean generateUpdateBefore;
    private final StateTimeToLive ttl;
    private final int aggregateCount;
    private final Object[] previous;
    private final Map<Object, Accumulators> state = new HashMap<>();
    private LinkedHashMap<Object, Touched> bundle = new LinkedHashMap<>();

    /** A key the current bundle touched: its values before the bundle (null when new) and its accumulators. */
    private record Touched(Object[] previous, Accumulators accumulators) {
    }

    GroupAggregation(int[] groupKeys, Accumulators prototype, boolean generateUpdateBefore, long ttlMillis,
                     ProcessingClock clock, int aggregateCount) {
        this.keys = new KeyProjection(groupKeys);
        this.keyCount = groupKeys.length;
        this.prototype = prototype;
        this.generateUpdateBefore = generateUpdateBefore;
        this.ttl = new StateTimeToLive(ttlMillis, clock);
        this.aggregateCount = aggregateCount;
        this.previous = new Object[aggregateCount];
    }

    /** Applies one row (accumulate or retract by its kind) and emits the change of its key. */
    void processRow(Row row, Output output) {
        Object key = keys.keyOf(row);
        Accumulators accumulators = lookup(key);
        if (accumulators == null) {
            if (row.kind().isRetract()) {
                return;
            }
            accumulators = prototype.newEmpty();
            accumulators.applyChange(row);
            finish(key, accumulators, null, output);
            return;
        }
        accumulators.writeValues(previous, 0);
        accumulators.applyChange(row);
        finish(key, accumulators, previous, output);
    }

    /** Applies one row within the current bundle with {@code applier}; emits nothing yet. */
    void bundleRow(Row row, RowApplier applier) {
        Object key = keys.keyOf(row);
        Touched touched = bundle.get(key);
        if (touched == null) {
            Accumulators accumulators = lookup(key);
            if (accumulators == null && row.kind().isRetract()) {
                return;
            }
            touched = accumulators == null
                    ? new Touched(null, prototype.newEmpty())
                    : new Touched(valuesOf(accumulators), accumulators);
            state.put(key, touched.accumulators());
            bundle.put(key, touched);
        }
        applier.apply(touched.accumulators(), row);
    }

    /** Emits one change per key the bundle touched and starts a new bundle. */
    void finishBundle(Output output) {
        LinkedHashMap<Object, Touched> finished = bundle;
        bundle = new LinkedHashMap<>();
        finished.forEach((key, touched) ->
                finish(key, touched.accumulators(), touched.previous(), output));
    }

    private Object[] valuesOf(Accumulators accumulators) {
        Object[] values = new Object[aggregateCount];
        accumulators.writeValues(values, 0);
        return values;
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

    /** Emits the change of {@code key} against {@code before}, its values before (null for a new key). */
    private void finish(Object key, Accumulators accumulators, Object[] before, Output output) {
        if (accumulators.rowCount() <= 0) {
            if (before != null) {
                output.emit(result(RowKind.DELETE, key, before));
            }
            state.remove(key);
            ttl.forget(key);
            return;
        }
        state.put(key, accumulators);
        ttl.touch(key);
        if (before == null) {
            output.emit(current(RowKind.INSERT, key, accumulators));
        } else if (ttl.enabled() || !accumulators.valuesEqual(before, 0)) {
            if (generateUpdateBefore) {
                output.emit(result(RowKind.UPDATE_BEFORE, key, before));
            }
            output.emit(current(RowKind.UPDATE_AFTER, key, accumulators));
        }
    }

    private Row current(RowKind kind, Object key, Accumulators accumulators) {
        Object[] fields = keyFields(key);
        accumulators.writeValues(fields, keyCount);
        return new Row(kind, fields);
    }

    private Row result(RowKind kind, Object key, Object[] values) {
        Object[] fields = keyFields(key);
        System.arraycopy(values, 0, fields, keyCount, aggregateCount);
        return new Row(kind, fields);
    }

    private Object[] keyFields(Object key) {
        Object[] fields = new Object[keyCount + aggregateCount];
        keys.copyKeyFields(key, fields);
        return fields;
    }

    /**
     * Every key's accumulators in their partial encoding with their last write times, and the open
     * bundle. Expired keys are dropped on the way, as Flink's full-snapshot cleanup does, so idle keys
     * do not stay in memory forever.
     */
    Serializable snapshot() {
        HashMap<Object, Object[]> partials = new HashMap<>();
        Iterator<Map.Entry<Object, Accumulators>> entries = state.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Object, Accumulators> entry = entries.next();
            if (ttl.expired(entry.getKey()) && !bundle.containsKey(entry.getKey())) {
                ttl.forget(entry.getKey());
                entries.remove();
            } else {
                Object[] partial = new Object[entry.getValue().partialArity()];
                entry.getValue().writePartial(partial, 0);
                partials.put(entry.getKey(), partial);
            }
        }
        LinkedHashMap<Object, Object[]> touched = new LinkedHashMap<>();
        bundle.forEach((key, t) -> touched.put(key, t.previous()));
        return new Snapshot(partials, ttl.snapshot(partials.keySet()), touched);
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
        bundle = new LinkedHashMap<>();
        snapshot.bundle().forEach((key, previous) -> bundle.put(key, new Touched(previous, state.get(key))));
    }

    private record Snapshot(HashMap<Object, Object[]> partials, HashMap<Object, Long> lastWrites,
                            LinkedHashMap<Object, Object[]> bundle) implements Serializable {
    }
}
