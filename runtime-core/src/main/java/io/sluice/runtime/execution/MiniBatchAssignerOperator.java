package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ProcessingTimeAware;
import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;

/**
 * Ends a mini-batch bundle after {@code size} rows or {@code allowLatencyMillis}, whichever comes
 * first. The time trigger fires also without rows, so that downstream subtasks, which end a bundle
 * when all their inputs have, are not held up by an idle input.
 */
final class MiniBatchAssignerOperator implements OneInputOperator, MarkerSource {
    private final long size;
    private final long allowLatencyMillis;
    private Downstream downstream;
    private OperatorContext.ProcessingClock clock;
    private long rows;
    private long bundleStartMillis;

    MiniBatchAssignerOperator(ExecNodes.MiniBatchAssigner node) {
        this.size = node.size();
        this.allowLatencyMillis = node.allowLatencyMillis();
    }

    @Override
    public void attach(Downstream target) {
        this.downstream = target;
    }

    @Override
    public void open(OperatorContext context) {
        clock = context.clock();
        bundleStartMillis = clock.currentTimeMillis();
    }

    @Override
    public void processElement(Row row, Output output) {
        output.emit(row);
        if (size > 0 && ++rows >= size) {
            endBundle(clock.currentTimeMillis());
        }
    }

    @Override
    public void onProcessingTime(long nowMillis, Output output) {
        if (allowLatencyMillis > 0 && nowMillis - bundleStartMillis >= allowLatencyMillis) {
            endBundle(nowMillis);
        }
    }

    private void endBundle(long nowMillis) {
        rows = 0;
        bundleStartMillis = nowMillis;
        downstream.bundleEnd();
    }
}
