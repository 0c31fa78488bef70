package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;

/**
 * The global phase of two-phase aggregation: its input rows are the local phase's
 * group keys followed by partial accumulators (see {@link Accumulators}); it merges them per key into
 * its state once per bundle and emits changes exactly as {@link GroupAggOperator}.
 */
public final class GlobalGroupAggOperator implements OneInputOperator {
    private final ExecNodes.GlobalGroupAggregate node;
    private final GroupAggregation.RowApplier mergePartial;
    private GroupAggregation aggregation;

    public GlobalGroupAggOperator(ExecNodes.GlobalGroupAggregate node) {
        this.node = node;
        int partialOffset = node.groupKeys().length;
        this.mergePartial = (accumulators, partial) -> accumulators.merge(partial.fields(), partialOffset);
    }

    @Override
    public void open(OperatorContext context) {
        aggregation = new GroupAggregation(node.groupKeys(), AccumulatorsGenerator.create(node.aggregates()),
                node.generateUpdateBefore(), node.stateTtlMillis(), context.clock(), node.aggregates().size());
    }

    @Override
    public void processElement(Row row, Output output) {
        aggregation.bundleRow(row, mergePartial);
    }

    @Override
    public void endOfBundle(Output output) {
        aggregation.finishBundle(output);
    }

    @Override
    public void endInput(Output output) {
        endOfBundle(output);
    }

    @Override
    public Serializable snapshotState() {
        return aggregation.snapshot();
    }

    @Override
    public void restoreState(Serializable state) {
        aggregation.restore(state);
    }
}
