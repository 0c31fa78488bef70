package io.sluice.planner.changelog;

import io.sluice.planner.codegen.RexProperties;
import io.sluice.planner.physical.AggSpec;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The output fields of each node whose values may differ when the same input row is processed again
 * (they depend on CURRENT_TIMESTAMP, NOW(), RAND(), UUID(), ...): a retraction cannot be matched on them.
 */
public final class NonDeterministicFields {
    private final Map<PhysicalNode, ImmutableBitSet> fields = new IdentityHashMap<>();

    public ImmutableBitSet of(PhysicalNode node) {
        ImmutableBitSet known = fields.get(node);
        if (known == null) {
            known = derive(node);
            fields.put(node, known);
        }
        return known;
    }

    private ImmutableBitSet derive(PhysicalNode node) {
        if (node instanceof PhysicalNodes.Calc calc) {
            ImmutableBitSet input = of(calc.input());
            ImmutableBitSet.Builder result = ImmutableBitSet.builder();
            for (int i = 0; i < calc.projects().size(); i++) {
                RexNode project = calc.projects().get(i);
                if (!RexProperties.isDeterministic(project) || RelOptUtil.InputFinder.bits(project).intersects(input)) {
                    result.set(i);
                }
            }
            return result.build();
        }
        if (node instanceof PhysicalNodes.GroupAggregate aggregate) {
            return aggregated(of(aggregate.input()), aggregate.groupKeys(), aggregate.aggregates());
        }
        if (node instanceof PhysicalNodes.WindowAggregate aggregate) {
            return aggregated(of(aggregate.input()), aggregate.groupKeys(), aggregate.aggregates());
        }
        if (node instanceof PhysicalNodes.IntervalJoin || node instanceof PhysicalNodes.WindowJoin
                || node instanceof PhysicalNodes.TemporalJoin) {
            PhysicalNode left = node.inputs().get(0);
            return of(left).union(of(node.inputs().get(1)).shift(left.rowType().getFieldCount()));
        }
        if (node instanceof PhysicalNodes.Join join) {
            return of(join.left()).union(of(join.right()).shift(join.left().rowType().getFieldCount()));
        }
        if (node instanceof PhysicalNodes.LookupJoin join) {
            // the table may change between lookups: what a row found is not what its retraction would find
            int inputWidth = join.input().rowType().getFieldCount();
            return of(join.input()).union(ImmutableBitSet.range(inputWidth, join.rowType().getFieldCount()));
        }
        if (node instanceof PhysicalNodes.Correlate correlate) {
            // a function that may give other rows for the same row, or reads such a field, makes all its columns so
            ImmutableBitSet input = of(correlate.input());
            boolean varies = !correlate.function().isDeterministic()
                    || RelOptUtil.InputFinder.bits(correlate.call()).intersects(input);
            int inputWidth = correlate.input().rowType().getFieldCount();
            return varies ? input.union(ImmutableBitSet.range(inputWidth, correlate.rowType().getFieldCount())) : input;
        }
        if (node instanceof PhysicalNodes.LocalGroupAggregate aggregate) {
            return aggregated(of(aggregate.input()), aggregate.groupKeys(), aggregate.aggregates());
        }
        if (node instanceof PhysicalNodes.Rank rank) {
            return of(rank.input());
        }
        ImmutableBitSet result = ImmutableBitSet.of();
        for (PhysicalNode input : node.inputs()) {
            result = result.union(of(input));
        }
        return result;
    }

    private static ImmutableBitSet aggregated(ImmutableBitSet input, int[] groupKeys, List<AggSpec> aggregates) {
        ImmutableBitSet.Builder result = ImmutableBitSet.builder();
        for (int i = 0; i < groupKeys.length; i++) {
            if (input.get(groupKeys[i])) {
                result.set(i);
            }
        }
        for (int i = 0; i < aggregates.size(); i++) {
            int arg = aggregates.get(i).argIndex();
            if (arg >= 0 && input.get(arg)) {
                result.set(groupKeys.length + i);
            }
        }
        return result.build();
    }
}
