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
 * The keyed state of a group aggregation and the changes it emits, as Flink's GroupAggHelper: the
 * first row of a key emits +I; a retraction for a key without state is dropped; an
 * unchanged result emits nothing unless state TTL is on; otherwise -U (when asked for) and +U; when a
 * key's row count reaches zero, -D and the key's state is cleared. Output rows are the group key
 * fields, then the aggregate values.
 *
 * <p>In a mini-batch bundle a key's state is looked up once, when the bundle first
 * touches the key, and its values at that moment are kept; the bundle's rows apply to the state at
 * once, and the end of the bundle emits one change per touched key against the kept values. This is
 * what buffering the rows and applying them at the end would emit, without copying them.
 */
final class GroupAggregation {
    private final KeyProjection keys;
    private final int keyCount;
    private final Accumulators prototype;
    private final boolean generateUpdateBefore;
    private final StateTimeToLive ttl;
    private final int aggregateCount;
    private final Object[] previous;
    private final Map<Object, Accumulators> state = new HashMap<>();
    private final TouchedKeys bundle;

    GroupAggregation(int[] groupKeys, Accumulators prototype, boolean generateUpdateBefore, long ttlMillis,
                     ProcessingClock clock, int aggregateCount) {
        this.keys = new KeyProjection(groupKeys);
        this.keyCount = groupKeys.length;
        this.prototype = prototype;
        this.generateUpdateBefore = generateUpdateBefore;
        this.ttl = new StateTimeToLive(ttlMillis, clock);
        this.aggregateCount = aggregateCount;
        this.previous = new Object[aggregateCount];
        this.bundle = new TouchedKeys(aggregateCount);
    }

    /** Applies one row (accumulate or retract by its kind) and emits the change of its key. */
    void processRow(Row row, Output output) {
        Object key = keys.keyOf(row);
        Accumulators accumulators = lookup(key, state.get(key));
        if (accumulators == null) {
            if (row.kind().isRetract()) {
                return;
            }
            accumulators = prototype.newEmpty();
            state.put(key, accumulators);
            accumulators.applyChange(row);
            finish(key, accumulators, null, 0, output);
            return;
        }
        accumulators.writeValues(previous, 0);
        accumulators.applyChange(row);
        finish(key, accumulators, previous, 0, output);
    }

    /**
     * Applies one input row within the current bundle; emits nothing yet. The key's state changes as
     * processing the row alone would change it, so that a bundle never changes a final result: when the
     * key's row count has reached zero in this bundle, the key counts as cleared, so a retraction finds
     * nothing to take back and is dropped, and an accumulation starts from empty accumulators.
     */
    void bundleRow(Row row) {
        bundle(row, row.kind().isRetract(), false);
    }

    /**
     * Merges one partial of the local phase (group keys, then partial accumulators) within the current
     * bundle; emits nothing yet. The local phase ends a partial at each retraction that brings the
     * partial's own row count to zero or below, so every row count inside a partial is at least one above
     * the count it started from: merged into a key's state, a partial can reach zero only at its end. The
     * rule of {@link #bundleRow(Row)} applied to partials is then the rule of processing their rows one
     * by one: a partial that takes rows back from a cleared key is dropped, any other starts from empty
     * accumulators there.
     */
    void bundlePartial(Row partial) {
        bundle(partial, (Long) partial.fields()[keyCount] < 0, true);
    }

    private void bundle(Row row, boolean takesBack, boolean partial) {
        Object key = keys.keyOf(row);
        Accumulators accumulators = state.get(key);
        if (accumulators == null || !accumulators.inBundle()) {
            accumulators = enterBundle(key, accumulators, takesBack);
            if (accumulators == null) {
                return;
            }
        } else if (accumulators.rowCount() <= 0) {
            if (takesBack) {
                return;
            }
            accumulators = restartInBundle(key, accumulators);
        }
        if (partial) {
            accumulators.merge(row.fields(), keyCount);
        } else {
            accumulators.applyChange(row);
        }
    }

    /**
     * Empty accumulators in the place of {@code emptied} for the rest of the bundle. The bundle still
     * holds {@code emptied}, marked as out of the bundle, and takes the key's accumulators from the
     * state at its end.
     */
    private Accumulators restartInBundle(Object key, Accumulators emptied) {
        Accumulators fresh = prototype.newEmpty();
        fresh.setInBundle(true);
        emptied.setInBundle(false);
        state.put(key, fresh);
        return fresh;
    }

    /** Adds a key to the bundle with its state ({@code stored}); null when a retraction finds no state. */
    private Accumulators enterBundle(Object key, Accumulators stored, boolean retract) {
        Accumulators accumulators = lookup(key, stored);
        if (accumulators == null) {
            if (retract) {
                return null;
            }
            accumulators = prototype.newEmpty();
            state.put(key, accumulators);
        }
        bundle.add(key, accumulators, accumulators != stored);
        accumulators.setInBundle(true);
        return accumulators;
    }

    /** Emits one change per key the bundle touched and starts a new bundle. */
    void finishBundle(Output output) {
        for (int i = 0; i < bundle.size(); i++) {
            Accumulators accumulators = bundle.accumulators(i);
            if (!accumulators.inBundle()) {
                accumulators = state.get(bundle.key(i));
            }
            accumulators.setInBundle(false);
            finish(bundle.key(i), accumulators, bundle.previous(i), bundle.previousOffset(i), output);
        }
        bundle.clear();
    }

    /** {@code stored}, the state of {@code key}, or null when there is none or it expired (then it is removed). */
    private Accumulators lookup(Object key, Accumulators stored) {
        if (stored != null && ttl.expired(key)) {
            state.remove(key);
            ttl.forget(key);
            return null;
        }
        return stored;
    }

    /**
     * Emits the change of {@code key} against {@code before[offset ..]}, its values before (null for a
     * new key). The key's accumulators are in the state already.
     */
    private void finish(Object key, Accumulators accumulators, Object[] before, int offset, Output output) {
        if (accumulators.rowCount() <= 0) {
            if (before != null) {
                output.emit(result(RowKind.DELETE, key, before, offset));
            }
            state.remove(key);
            ttl.forget(key);
            return;
        }
        ttl.touch(key);
        if (before == null) {
            output.emit(current(RowKind.INSERT, key, accumulators));
        } else if (ttl.enabled() || !accumulators.valuesEqual(before, offset)) {
            if (generateUpdateBefore) {
                output.emit(result(RowKind.UPDATE_BEFORE, key, before, offset));
            }
            output.emit(current(RowKind.UPDATE_AFTER, key, accumulators));
        }
    }

    private Row current(RowKind kind, Object key, Accumulators accumulators) {
        Object[] fields = keyFields(key);
        accumulators.writeValues(fields, keyCount);
        return new Row(kind, fields);
    }

    private Row result(RowKind kind, Object key, Object[] values, int offset) {
        Object[] fields = keyFields(key);
        System.arraycopy(values, offset, fields, keyCount, aggregateCount);
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
            if (ttl.expired(entry.getKey()) && !entry.getValue().inBundle()) {
                ttl.forget(entry.getKey());
                entries.remove();
            } else {
                Object[] partial = new Object[entry.getValue().partialArity()];
                entry.getValue().writePartial(partial, 0);
                partials.put(entry.getKey(), partial);
            }
        }
        LinkedHashMap<Object, Object[]> touched = new LinkedHashMap<>();
        for (int i = 0; i < bundle.size(); i++) {
            touched.put(bundle.key(i), bundle.previousCopy(i));
        }
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
        bundle.clear();
        snapshot.bundle().forEach((key, before) -> {
            Accumulators accumulators = state.get(key);
            int index = bundle.add(key, accumulators, before == null);
            if (before != null) {
                bundle.setPrevious(index, before);
            }
            accumulators.setInBundle(true);
        });
    }

    private record Snapshot(HashMap<Object, Object[]> partials, HashMap<Object, Long> lastWrites,
                            LinkedHashMap<Object, Object[]> bundle) implements Serializable {
    }
}
