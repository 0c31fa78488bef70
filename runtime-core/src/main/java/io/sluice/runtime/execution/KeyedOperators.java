package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ChangelogNormalizeOperator;
import io.sluice.runtime.operators.SinkUpsertMaterializerOperator;
import io.sluice.runtime.operators.WatermarkCompactingMaterializerOperator;
import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.operators.aggregate.GroupAggOperator;
import io.sluice.runtime.operators.aggregate.LocalGroupAggOperator;
import io.sluice.runtime.operators.join.IntervalJoinOperator;
import io.sluice.runtime.operators.join.JoinOperator;
import io.sluice.runtime.operators.join.TemporalJoinOperator;
import io.sluice.runtime.operators.join.WindowJoinOperator;
import io.sluice.runtime.operators.over.OverAggOperator;
import io.sluice.runtime.operators.rank.RankOperator;
import io.sluice.runtime.operators.rank.RowTimeFirstRowOperator;
import io.sluice.runtime.operators.rank.WindowRankOperator;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;

/** The operators of the keyed plan nodes, as the job runs them. */
public final class KeyedOperators implements OperatorFactory {
    private static final OperatorTable<Void> OPERATORS = new OperatorTable<Void>()
            .with(ExecNodes.GroupAggregate.class, (node, none) -> GroupAggOperator.of(node))
            .with(ExecNodes.LocalGroupAggregate.class, (node, none) -> new LocalGroupAggOperator(node))
            .with(ExecNodes.GlobalGroupAggregate.class, (node, none) -> GroupAggOperator.global(node))
            .with(ExecNodes.WindowAggregate.class, (node, none) -> new WindowAggOperator(node))
            .with(ExecNodes.Join.class, (node, none) -> new JoinOperator(node))
            .with(ExecNodes.IntervalJoin.class, (node, none) -> new IntervalJoinOperator(node))
            .with(ExecNodes.TemporalJoin.class, (node, none) -> new TemporalJoinOperator(node))
            .with(ExecNodes.WindowJoin.class, (node, none) -> new WindowJoinOperator(node))
            .with(ExecNodes.Rank.class, (node, none) -> node.firstRowOnWatermark() ? new RowTimeFirstRowOperator(node)
                    : new RankOperator(node))
            .with(ExecNodes.WindowRank.class, (node, none) -> new WindowRankOperator(node))
            .with(ExecNodes.OverAggregate.class, (node, none) -> new OverAggOperator(node))
            .with(ExecNodes.ChangelogNormalize.class, (node, none) -> new ChangelogNormalizeOperator(node))
            .with(ExecNodes.SinkUpsertMaterializer.class, (node, none) -> materializer(node));

    @Override
    public StreamOperator create(ExecNode node) {
        return OPERATORS.create(node, null);
    }

    /** DO NOTHING and DO ERROR decide in event time which row came first; DEDUPLICATE needs no order. */
    private static StreamOperator materializer(ExecNodes.SinkUpsertMaterializer node) {
        String strategy = node.conflictStrategy();
        return strategy == null || strategy.equals("DEDUPLICATE")
                ? new SinkUpsertMaterializerOperator(node)
                : new WatermarkCompactingMaterializerOperator(node);
    }
}
