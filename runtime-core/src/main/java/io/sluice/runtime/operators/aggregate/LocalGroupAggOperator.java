package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.LinkedHashMap;

/**
 * The local phase of two-phase aggregation: within one bundle, accumulates rows per
 * key; when the bundle ends it emits, per key, one +I row of the group key fields followed by the
 * partial accumulators in the encoding documented on {@link Accumulators}
 * ({@link AccumulatorsGenerator#partialArity} fields), and forgets everything.
 */
public final class LocalGroupAggOperator implements OneInputOperator {
    private final ExecNodes.LocalGroupAggregate node;
    private final KeyProjection keys;
    private final int keyCount;
    private final LinkedHashMap<Object, Accumulators> groups = new LinkedHashMap<>();
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
        Accumulators accumulators = groups.get(key);
        if (accumulators == null) {
            accumulators = prototype.newEmpty();
            groups.put(key, accumulators);
        }
        accumulators.applyChange(row);
    }

    @Override
    public void endOfBundle(Output output) {
        groups.forEach((key, accumulators) -> output.emit(new Row(RowKind.INSERT, encode(key, accumulators))));
        groups.clear();
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
        LinkedHashMap<Object, Object[]> encoded = new LinkedHashMap<>();
        groups.forEach((key, accumulators) -> encoded.put(key, encode(key, accumulators)));
        return encoded;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void restoreState(Serializable state) {
        groups.clear();
        ((LinkedHashMap<Object, Object[]>) state).forEach((key, encoded) ->
                groups.put(key, GroupAccumulators.decode(encoded, keyCount, prototype).accumulators()));
    }
}
