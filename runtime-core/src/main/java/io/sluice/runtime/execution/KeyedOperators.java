package io.sluice.runtime.execution;

import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.operators.aggregate.GlobalGroupAggOperator;
import io.sluice.runtime.operators.aggregate.GroupAggOperator;
import io.sluice.runtime.operators.aggregate.LocalGroupAggOperator;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;

/** The operators of the keyed plan nodes, as the job runs them. */
public final class KeyedOperators implements OperatorFactory {

    @Override
    public StreamOperator create(ExecNode node) {
        if (node instanceof ExecNodes.GroupAggregate aggregate) {
            return new GroupAggOperator(aggregate);
        }
        if (node instanceof ExecNodes.LocalGroupAggregate aggregate) {
            return new LocalGroupAggOperator(aggregate);
        }
        if (node instanceof ExecNodes.GlobalGroupAggregate aggregate) {
            return new GlobalGroupAggOperator(aggregate);
        }
        throw new UnsupportedOperationException(
                "The runtime cannot run " + node.getClass().getSimpleName() + " nodes yet");
    }
}
