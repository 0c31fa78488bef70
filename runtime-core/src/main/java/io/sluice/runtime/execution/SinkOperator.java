package io.sluice.runtime.execution;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes one subtask's rows through the table's {@link SinkWriter}; drops -U rows when the sink does
 * not take them; makes the writer durable ({@code snapshot}) for each checkpoint.
 */
final class SinkOperator implements OneInputOperator, ProcessingTimeAware {
    private static final long PUBLISH_INTERVAL_MILLIS = 200;

    private final TableSink sink;
    private final String jobId;
    private final Consumer<Throwable> failureHandler;
    private final boolean dropUpdateBefore;
    private SinkWriter writer;
    private long rows;
    private long lastPublishMillis;
    private volatile long publishedRows;
    private volatile Map<String, Long> publishedMetrics = Map.of();

    SinkOperator(ExecNodes.Sink node, TableSink sink, String jobId, Consumer<Throwable> failureHandler) {
        this.sink = sink;
        this.jobId = jobId;
        this.failureHandler = failureHandler;
        this.dropUpdateBefore = !node.changelogMode().contains(RowKind.UPDATE_BEFORE);
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        writer = sink.createWriter(new SinkContext(jobId, context.subtaskIndex(), context.parallelism(), failureHandler));
    }

    @Override
    public void processElement(Row row, Output output) throws Exception {
        if (dropUpdateBefore && row.kind() == RowKind.UPDATE_BEFORE) {
            return;
        }
        writer.write(row);
        rows++;
    }

    /** Makes everything written so far durable before the checkpoint is acknowledged. */
    void snapshotWriter(long checkpointId) throws Exception {
        writer.snapshot(checkpointId);
    }

    @Override
    public void onProcessingTime(long nowMillis) {
        if (nowMillis - lastPublishMillis < PUBLISH_INTERVAL_MILLIS) {
            return;
        }
        lastPublishMillis = nowMillis;
        publishedRows = rows;
        publishedMetrics = writer.metrics();
    }

    long publishedRows() {
        return publishedRows;
    }

    Map<String, Long> publishedMetrics() {
        return publishedMetrics;
    }

    @Override
    public void close() throws Exception {
        if (writer != null) {
            SinkWriter closing = writer;
            writer = null;
            closing.close();
            publishedRows = rows;
            publishedMetrics = closing.metrics();
        }
    }
}
