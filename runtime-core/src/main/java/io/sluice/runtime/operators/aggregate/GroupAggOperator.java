package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;

/**
 * Group aggregation (seed 000 §3, seed 001 §6.2-6.3). Without mini-batch every row updates its key's
 * state and emits its change at once; with mini-batch rows wait in a bundle until the bundle ends, and
 * each key then reads and writes its state once and emits one change.
 */
public final class GroupAggOperator implements OneInputOperator {
    private final ExecNodes.GroupAggregate node;
    private final KeyProjection keys;
    private final KeyedRows bundle = new KeyedRows();
    private GroupAggregation aggregation;

    public GroupAggOperator(ExecNodes.GroupAggregate node) {
        this.node = node;
        this.keys = new KeyProjection(node.groupKeys());
    }

    @Override
    public void open(OperatorContext context) {
        aggregation = new GroupAggregation(node.groupKeys(), AccumulatorsGenerator.create(node.aggregates()),
                node.generateUpdateBefore(), node.stateTtlMillis(), context.clock(), node.aggregates().size());
    }

    @Override
    public void processElement(Row row, Output output) {
        if (node.miniBatch()) {
            bundle.rowsOf(keys.keyOf(row)).add(row.copy());
        } else {
            aggregation.processRow(keys.keyOf(row), row, output);
        }
    }

    @Override
    public void endOfBundle(Output output) {
        bundle.drain((key, rows) ->
                aggregation.processBundle(key, rows, Accumulators::applyChange, output));
    }

    @Override
    public void endInput(Output output) {
        endOfBundle(output);
    }

    @Override
    public Serializable snapshotState() {
        return new Snapshot(aggregation.snapshot(), bundle.snapshot());
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        aggregation.restore(snapshot.state());
        bundle.restore(snapshot.bundle());
    }

    /** Keyed state plus the rows of the bundle not yet applied. */
    record Snapshot(Serializable state, Serializable bundle) implements Serializable {
    }
}
