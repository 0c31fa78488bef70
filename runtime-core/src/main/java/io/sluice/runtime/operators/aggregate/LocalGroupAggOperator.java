package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * The local phase of two-phase aggregation: within one bundle, accumulates rows per key into partials;
 * when the bundle ends it emits each partial as one +I row of the group key fields followed by the
 * partial accumulators in the encoding documented on {@link Accumulators}
 * ({@link AccumulatorsGenerator#partialArity} fields), and forgets everything.
 *
 * <p>A retraction that brings its partial's row count to zero or below ends that partial, and the key's
 * next rows start a new one. Only the global phase knows whether the key has rows, so only it can tell
 * an orphan retraction (dropped when processed row by row) from one that empties the key: a partial
 * whose inner row counts never fall below its start lets it decide that at partial boundaries, exactly
 * as processing the rows one by one would (see {@code GroupAggregation.bundlePartial}).
 */
public final class LocalGroupAggOperator implements OneInputOperator {
    private final ExecNodes.LocalGroupAggregate node;
    private final KeyProjection keys;
    private final int keyCount;
    private final LinkedHashMap<Object, Accumulators> open = new LinkedHashMap<>();
    /** Partials ended by a retraction, encoded, in the order they ended. */
    private final ArrayList<Object[]> ended = new ArrayList<>();
    private Accumulators prototype;

    public LocalGroupAggOperator(ExecNodes.LocalGroupAggregate node) {
        this.node = node;
        this.keys = new KeyProjection(node.groupKeys());
        this.keyCount = node.groupKeys().length;
    }

    @Override
    public void open(OperatorContext context) {
        prototype = AccumulatorsGenerator.create(node.aggregates());
    }

    @Override
    public void processElement(Row row, Output output) {
        Object key = keys.keyOf(row);
        Accumulators accumulators = open.get(key);
        if (accumulators == null) {
            accumulators = prototype.newEmpty();
            open.put(key, accumulators);
        }
        accumulators.applyChange(row);
        if (row.kind().isRetract() && accumulators.rowCount() <= 0) {
            ended.add(encode(key, accumulators));
            open.remove(key);
        }
    }

    /** Ended partials first: a key's open partial always follows the ones it ended. */
    @Override
    public void endOfBundle(Output output) {
        ended.forEach(fields -> output.emit(new Row(RowKind.INSERT, fields)));
        open.forEach((key, accumulators) -> output.emit(new Row(RowKind.INSERT, encode(key, accumulators))));
        ended.clear();
        open.clear();
    }

    /** The group's key fields followed by its partial accumulators. */
    private Object[] encode(Object key, Accumulators accumulators) {
        Object[] fields = new Object[keyCount + accumulators.partialArity()];
        keys.copyKeyFields(key, fields);
        accumulators.writePartial(fields, keyCount);
        return fields;
    }

    @Override
    public void endInput(Output output) {
        endOfBundle(output);
    }

    @Override
    public Serializable snapshotState() {
        LinkedHashMap<Object, Object[]> openPartials = new LinkedHashMap<>();
        open.forEach((key, accumulators) -> openPartials.put(key, encode(key, accumulators)));
        return new Partials(new ArrayList<>(ended), openPartials);
    }

    /** A checkpoint of an earlier version holds only the open partials, one per key. */
    @Override
    @SuppressWarnings("unchecked")
    public void restoreState(Serializable state) {
        open.clear();
        ended.clear();
        LinkedHashMap<Object, Object[]> openPartials;
        if (state instanceof Partials partials) {
            ended.addAll(partials.ended());
            openPartials = partials.open();
        } else {
            openPartials = (LinkedHashMap<Object, Object[]>) state;
        }
        openPartials.forEach((key, encoded) ->
                open.put(key, GroupAccumulators.decode(encoded, keyCount, prototype).accumulators()));
    }

    /** The bundle's partials, encoded: the ended ones in order, then the open one of each key. */
    private record Partials(ArrayList<Object[]> ended, LinkedHashMap<Object, Object[]> open) implements Serializable {
    }
}
