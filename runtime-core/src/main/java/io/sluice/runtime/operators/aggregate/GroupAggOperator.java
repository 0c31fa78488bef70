package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.List;

/**
 * Group aggregation, in one phase or as the global phase of two. Without mini-batch every row updates
 * its key's state and emits its change at once; with mini-batch each key reads its state once per
 * bundle and emits one change when the bundle ends. The global phase takes the local phase's rows
 * (group keys followed by partial accumulators, see {@link Accumulators}) and merges them per key,
 * once per bundle; its output is the same as the one-phase operator's.
 */
public final class GroupAggOperator implements OneInputOperator {
    /** How an input row reaches the key's accumulators. */
    private enum Input { EACH_ROW_AT_ONCE, ROWS_PER_BUNDLE, PARTIALS_PER_BUNDLE }

    private final int[] groupKeys;
    private final List<AggregateCall> aggregates;
    private final boolean generateUpdateBefore;
    private final long stateTtlMillis;
    private final Input input;
    private GroupAggregation aggregation;

    private GroupAggOperator(int[] groupKeys, List<AggregateCall> aggregates, boolean generateUpdateBefore,
                             long stateTtlMillis, Input input) {
        this.groupKeys = groupKeys;
        this.aggregates = aggregates;
        this.generateUpdateBefore = generateUpdateBefore;
        this.stateTtlMillis = stateTtlMillis;
        this.input = input;
    }

    /** One-phase aggregation of input rows. */
    public static GroupAggOperator of(ExecNodes.GroupAggregate node) {
        return new GroupAggOperator(node.groupKeys(), node.aggregates(), node.generateUpdateBefore(),
                node.stateTtlMillis(), node.miniBatch() ? Input.ROWS_PER_BUNDLE : Input.EACH_ROW_AT_ONCE);
    }

    /** The global phase, merging the local phase's partial accumulators. */
    public static GroupAggOperator global(ExecNodes.GlobalGroupAggregate node) {
        return new GroupAggOperator(node.groupKeys(), node.aggregates(), node.generateUpdateBefore(),
                node.stateTtlMillis(), Input.PARTIALS_PER_BUNDLE);
    }

    @Override
    public void open(OperatorContext context) {
        aggregation = new GroupAggregation(groupKeys, AccumulatorsGenerator.create(aggregates), generateUpdateBefore,
                stateTtlMillis, context.clock(), aggregates.size());
    }

    @Override
    public void processElement(Row row, Output output) {
        switch (input) {
            case EACH_ROW_AT_ONCE -> aggregation.processRow(row, output);
            case ROWS_PER_BUNDLE -> aggregation.bundleRow(row);
            case PARTIALS_PER_BUNDLE -> aggregation.bundlePartial(row);
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
