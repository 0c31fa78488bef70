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
 * The local phase of two-phase aggregation (seed 001 §6.4): within one bundle, accumulates rows per
 * key; when the bundle ends it emits, per key, one +I row of the group key fields followed by the
 * partial accumulators in the encoding documented on {@link Accumulators}
 * ({@link AccumulatorsGenerator#partialArity} fields), and forgets everything.
 */
public final class LocalGroupAggOperator implements OneInputOperator {
    private final ExecNodes.LocalGroupAggregate node;
    private final KeyProjection keys;
    private Accumulators prototype;
    private LinkedHashMap<Object, GroupAccumulators> groups = new LinkedHashMap<>();

    public LocalGroupAggOperator(ExecNodes.LocalGroupAggregate node) {
        this.node = node;
        this.keys = new KeyProjection(node.groupKeys());
    }

    @Override
    public void open(OperatorContext context) {
        prototype = AccumulatorsGenerator.create(node.aggregates());
    }

    @Override
    public void processElement(Row row, Output output) {
        Object key = keys.keyOf(row);
        GroupAccumulators group = groups.get(key);
        if (group == null) {
            group = new GroupAccumulators(keys.values(row), prototype.newEmpty());
            groups.put(key, group);
        }
        group.accumulators().applyChange(row);
    }

    @Override
    public void endOfBundle(Output output) {
        for (GroupAccumulators group : groups.values()) {
            output.emit(new Row(RowKind.INSERT, group.encode()));
        }
        groups = new LinkedHashMap<>();
    }

    @Override
    public void endInput(Output output) {
        endOfBundle(output);
    }

    @Override
    public Serializable snapshotState() {
        LinkedHashMap<Object, Object[]> encoded = new LinkedHashMap<>();
        groups.forEach((key, group) -> encoded.put(key, group.encode()));
        return encoded;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void restoreState(Serializable state) {
        groups = new LinkedHashMap<>();
        ((LinkedHashMap<Object, Object[]>) state).forEach((key, encoded) ->
                groups.put(key, GroupAccumulators.decode(encoded, node.groupKeys().length, prototype)));
    }
}
