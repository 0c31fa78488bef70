package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ChangelogNormalizeOperator;
import io.sluice.runtime.operators.SinkUpsertMaterializerOperator;
import io.sluice.runtime.operators.WatermarkCompactingMaterializerOperator;
import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.operators.aggregate.GroupAggOperator;
import io.sluice.runtime.operators.aggregate.LocalGroupAggOperator;
import io.sluice.runtime.operators.join.JoinOperator;
import io.sluice.runtime.operators.rank.RankOperator;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;

/** The operators of the keyed plan nodes, as the job runs them. */
public final class KeyedOperators implements OperatorFactory {

    @Override
    public StreamOperator create(ExecNode node) {
        if (node instanceof ExecNodes.GroupAggregate aggregate) {
            return GroupAggOperator.of(aggregate);
        }
        if (node instanceof ExecNodes.LocalGroupAggregate aggregate) {
            return new LocalGroupAggOperator(aggregate);
        }
        if (node instanceof ExecNodes.GlobalGroupAggregate aggregate) {
            return GroupAggOperator.global(aggregate);
        }
        if (node instanceof ExecNodes.WindowAggregate window) {
            return new WindowAggOperator(window);
        }
        if (node instanceof ExecNodes.Join join) {
            return new JoinOperator(join);
        }
        if (node instanceof ExecNodes.Rank rank) {
            return new RankOperator(rank);
        }
        if (node instanceof ExecNodes.ChangelogNormalize normalize) {
            return new ChangelogNormalizeOperator(normalize);
        }
        if (node instanceof ExecNodes.SinkUpsertMaterializer materializer) {
            // DO NOTHING and DO ERROR decide in event time which row came first; DEDUPLICATE needs no order
            String strategy = materializer.conflictStrategy();
            return strategy == null || strategy.equals("DEDUPLICATE")
                    ? new SinkUpsertMaterializerOperator(materializer)
                    : new WatermarkCompactingMaterializerOperator(materializer);
        }
        throw new IllegalArgumentException("Plan node " + OperatorNames.of(node) + " has no keyed operator");
    }
}
