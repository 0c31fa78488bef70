package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;

/**
 * Group aggregation. Without mini-batch every row updates its key's
 * state and emits its change at once; with mini-batch each key reads its state once per bundle
 * and emits one change when the bundle ends.
 */
public final class GroupAggOperator implements OneInputOperator {
    private final ExecNodes.GroupAggregate node;
    private GroupAggregation aggregation;

    public GroupAggOperator(ExecNodes.GroupAggregate node) {
        this.node = node;
    }

    @Override
    public void open(OperatorContext context) {
        aggregation = new GroupAggregation(node.groupKeys(), AccumulatorsGenerator.create(node.aggregates()),
                node.generateUpdateBefore(), node.stateTtlMillis(), context.clock(), node.aggregates().size());
    }

    @Override
    public void processElement(Row row, Output output) {
        if (node.miniBatch()) {
            aggregation.bundleRow(row);
        } else {
            aggregation.processRow(row, output);
        }
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
