package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ProcessingTimeAware;
import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.operators.TwoInputOperator;
import java.io.Serializable;
import java.util.Arrays;

/**
 * One operator instance inside a subtask's chain: feeds it rows of each input, combines the inputs'
 * watermarks (the minimum over the inputs not idle; when all are, it is idle too) and bundle ends (when
 * every input has ended a bundle), and wraps its exceptions with its name.
 */
final class ChainedNode {
    private final int nodeId;
    private final String name;
    private final StreamOperator operator;
    private final OneInputOperator oneInput;
    private final TwoInputOperator twoInput;
    private final MarkerSource markerSource;
    private final ProcessingTimeAware timeAware;
    private final Downstream downstream;
    private final long[] inputWatermarks;
    private final boolean[] idleInputs;
    private final long[] inputBundles;
    private long watermark = Long.MIN_VALUE;
    private long bundles;

    ChainedNode(int nodeId, String name, StreamOperator operator, int inputCount, Downstream downstream) {
        this.nodeId = nodeId;
        this.name = name;
        this.operator = operator;
        this.oneInput = operator instanceof OneInputOperator one ? one : null;
        this.twoInput = operator instanceof TwoInputOperator two ? two : null;
        this.markerSource = operator instanceof MarkerSource source ? source : null;
        this.timeAware = operator instanceof ProcessingTimeAware aware ? aware : null;
        this.downstream = downstream;
        this.inputWatermarks = new long[Math.max(1, inputCount)];
        this.idleInputs = new boolean[Math.max(1, inputCount)];
        this.inputBundles = new long[Math.max(1, inputCount)];
        Arrays.fill(inputWatermarks, Long.MIN_VALUE);
        if (markerSource != null) {
            markerSource.attach(downstream);
        }
    }

    int nodeId() {
        return nodeId;
    }

    String name() {
        return name;
    }

    StreamOperator operator() {
        return operator;
    }

    Downstream downstream() {
        return downstream;
    }

    /** The receiving end of input {@code side}, for the node or channel before it. */
    Downstream input(int side) {
        return new NodeInput(this, side);
    }

    void processRow(int side, Row row) {
        idleInputs[side] = false;
        try {
            if (oneInput != null) {
                oneInput.processElement(row, downstream);
            } else if (side == 0) {
                twoInput.processLeft(row, downstream);
            } else {
                twoInput.processRight(row, downstream);
            }
        } catch (OperatorFailure | TaskCancelledException e) {
            throw e;
        } catch (Exception e) {
            throw OperatorFailure.onRow(name, row, e);
        }
    }

    void processWatermark(int side, long timestamp) {
        idleInputs[side] = false;
        if (timestamp <= inputWatermarks[side]) {
            return;
        }
        inputWatermarks[side] = timestamp;
        advanceWatermark();
    }

    /** Input {@code side} went idle: the other input alone sets the watermark; both idle, this node is. */
    void processIdle(int side) {
        idleInputs[side] = true;
        for (boolean inputIdle : idleInputs) {
            if (!inputIdle) {
                advanceWatermark();
                return;
            }
        }
        if (markerSource == null || !markerSource.replacesWatermarks()) {
            downstream.idle();
        }
    }

    private void advanceWatermark() {
        long combined = Long.MAX_VALUE;
        for (int side = 0; side < inputWatermarks.length; side++) {
            if (!idleInputs[side]) {
                combined = Math.min(combined, inputWatermarks[side]);
            }
        }
        if (combined <= watermark) {
            return;
        }
        watermark = combined;
        if (markerSource == null || !markerSource.replacesWatermarks()) {
            call(() -> operator.processWatermark(watermark, downstream));
            downstream.watermark(watermark);
        }
    }

    void processBundleEnd(int side) {
        inputBundles[side]++;
        long ended = Arrays.stream(inputBundles).min().orElseThrow();
        if (ended > bundles) {
            bundles = ended;
            call(() -> operator.endOfBundle(downstream));
            downstream.bundleEnd();
        }
    }

    void open(OperatorContext context) {
        call(() -> operator.open(context));
    }

    void restore(Serializable state) {
        call(() -> operator.restoreState(state));
    }

    Serializable snapshot() {
        try {
            return operator.snapshotState();
        } catch (Exception e) {
            throw new OperatorFailure(name, e);
        }
    }

    boolean isProcessingTimeAware() {
        return timeAware != null;
    }

    void onProcessingTime(long nowMillis) {
        call(() -> timeAware.onProcessingTime(nowMillis, downstream));
    }

    void endInput() {
        call(() -> operator.endInput(downstream));
    }

    void close() throws Exception {
        operator.close();
    }

    /** A step of the operator's lifecycle that may throw. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    void call(Step step) {
        try {
            step.run();
        } catch (OperatorFailure | TaskCancelledException e) {
            throw e;
        } catch (Exception e) {
            throw new OperatorFailure(name, e);
        }
    }

    /** Input {@code side} of a node, as the downstream of the node or channel before it. */
    private record NodeInput(ChainedNode node, int side) implements Downstream {
        @Override
        public void emit(Row row) {
            node.processRow(side, row);
        }

        @Override
        public void watermark(long timestamp) {
            node.processWatermark(side, timestamp);
        }

        @Override
        public void idle() {
            node.processIdle(side);
        }

        @Override
        public void bundleEnd() {
            node.processBundleEnd(side);
        }
    }
}
