package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ProcessingTimeAware;
import io.sluice.api.data.Row;
import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Computes each row's watermark candidate with the plan's generated expression; the watermark is the
 * largest candidate seen (epoch millis, the TIMESTAMP read as UTC) of each split the source reads, the
 * smallest over the splits ({@link SplitWatermarks}). Sends it downstream right after a row that moved
 * it more than {@code pipeline.auto-watermark-interval} (in event time) past the last one sent, as
 * Flink's assigner does, so that which rows are late follows from the rows alone and not from how fast
 * they are read; also every {@code pipeline.auto-watermark-interval} of processing time when it advanced,
 * and {@link Long#MAX_VALUE} at end of input.
 * When every split went idle, or the reader has none, it tells the operators downstream once, so that they stop waiting for this
 * subtask's watermark (also across an exchange) until it sends rows again.
 */
final class WatermarkAssignerOperator implements OneInputOperator, MarkerSource {
    private final ExecNodes.WatermarkAssigner node;
    private CalcFunction expression;
    private Downstream downstream;
    private long intervalMillis;
    private OperatorContext.ProcessingClock clock;
    private long lastEmitMillis;
    private SplitWatermarks splits;
    private long emitted = Long.MIN_VALUE;
    private boolean idleSent;
    private boolean readerHasSplits = true;
    private volatile long publishedMaxCandidate = Long.MIN_VALUE;

    WatermarkAssignerOperator(ExecNodes.WatermarkAssigner node) {
        this.node = node;
    }

    @Override
    public void attach(Downstream target) {
        this.downstream = target;
    }

    @Override
    public boolean replacesWatermarks() {
        return true;
    }

    @Override
    public void open(OperatorContext context) {
        expression = ClassCompiler.newInstance(node.watermarkExpression(), CalcFunction.class);
        ExecutionOptions options = new ExecutionOptions(context.configuration());
        intervalMillis = options.get(ExecutionOptions.WATERMARK_INTERVAL).toMillis();
        clock = context.clock();
        splits = new SplitWatermarks(options.get(ExecutionOptions.SOURCE_IDLE_TIMEOUT).toMillis());
    }

    @Override
    public void processElement(Row row, Output output) {
        output.emit(row);
        Row candidate = expression.apply(row);
        if (candidate != null && candidate.field(0) != null) {
            long millis = epochMillis(candidate.field(0));
            splits.candidate(millis);
            // The watermark is at most this split's candidate: only then is the smallest over the splits worth taking.
            if (millis > emitted + intervalMillis) {
                long watermark = splits.watermark(clock.currentTimeMillis());
                if (watermark != Long.MIN_VALUE && (emitted == Long.MIN_VALUE || watermark - emitted > intervalMillis)) {
                    emit(watermark);
                }
            }
        }
    }

    private void emit(long watermark) {
        emitted = watermark;
        idleSent = false;
        downstream.watermark(watermark);
    }

    /** Whether the source's reader has a split to read; one without holds no watermark back. */
    void readerHasSplits(boolean hasSplits) {
        readerHasSplits = hasSplits;
    }

    /** The splits the source's reader reads (empty for one split), asked when a split sends its first row. */
    void readerSplits(Supplier<Set<String>> names) {
        splits.assigned(names);
    }

    /** The rows that follow come from {@code split} (a Kafka partition; null for a source of one split). */
    void split(String split) {
        splits.split(split);
    }

    static long epochMillis(Object timestamp) {
        if (timestamp instanceof LocalDateTime local) {
            return local.toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        if (timestamp instanceof Instant instant) {
            return instant.toEpochMilli();
        }
        throw new IllegalArgumentException("Watermark expression returned " + timestamp.getClass().getSimpleName()
                + " instead of a TIMESTAMP: " + timestamp);
    }

    @Override
    public void onProcessingTime(long nowMillis, Output output) {
        if (nowMillis - lastEmitMillis < intervalMillis) {
            return;
        }
        lastEmitMillis = nowMillis;
        publishedMaxCandidate = splits.newest();
        long watermark = splits.watermark(nowMillis);
        if (splits.allIdle() || !readerHasSplits) {
            if (!idleSent) {
                idleSent = true;
                downstream.idle();
            }
            return;
        }
        idleSent = false;
        if (watermark > emitted) {
            emit(watermark);
        }
    }

    @Override
    public void endInput(Output output) {
        emitted = Long.MAX_VALUE;
        downstream.watermark(Long.MAX_VALUE);
    }

    /** The newest event time seen, as of the last processing-time tick; for the job's lag. */
    long publishedMaxCandidate() {
        return publishedMaxCandidate;
    }

    @Override
    public Serializable snapshotState() {
        return splits.snapshot();
    }

    @Override
    public void restoreState(Serializable state) {
        splits.restore(state);
    }
}
