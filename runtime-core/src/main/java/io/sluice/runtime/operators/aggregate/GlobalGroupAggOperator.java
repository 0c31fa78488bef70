package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;

/**
 * The global phase of two-phase aggregation (seed 001 §6.4): its input rows are the local phase's
 * group keys followed by partial accumulators (see {@link Accumulators}); it merges them per key into
 * its state once per bundle and emits changes exactly as {@link GroupAggOperator}.
 */
public final class GlobalGroupAggOperator implements OneInputOperator {
    private final ExecNodes.GlobalGroupAggregate node;
    private final KeyProjection keys;
    private final int partialOffset;
    private final KeyedRows bundle = new KeyedRows();
    private GroupAggregation aggregation;

    public GlobalGroupAggOperator(ExecNodes.GlobalGroupAggregate node) {
        this.node = node;
        this.keys = new KeyProjection(node.groupKeys());
        this.partialOffset = node.groupKeys().length;
    }

    @Override
    public void open(OperatorContext context) {
        aggregation = new GroupAggregation(node.groupKeys(), AccumulatorsGenerator.create(node.aggregates()),
                node.generateUpdateBefore(), node.stateTtlMillis(), context.clock(), node.aggregates().size());
    }

    @Override
    public void processElement(Row row, Output output) {
        bundle.rowsOf(keys.keyOf(row)).add(row.copy());
    }

    @Override
    public void endOfBundle(Output output) {
        bundle.drain((key, rows) -> aggregation.processBundle(key, rows,
                (accumulators, partial) -> accumulators.merge(partial.fields(), partialOffset), output));
    }

    @Override
    public void endInput(Output output) {
        endOfBundle(output);
    }

    @Override
    public Serializable snapshotState() {
        return new GroupAggOperator.Snapshot(aggregation.snapshot(), bundle.snapshot());
    }

    @Override
    public void restoreState(Serializable state) {
        GroupAggOperator.Snapshot snapshot = (GroupAggOperator.Snapshot) state;
        aggregation.restore(snapshot.state());
        bundle.restore(snapshot.bundle());
    }
}
