package io.sluice.runtime.execution;

import io.sluice.runtime.operators.ProcessingTimeAware;
import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes one subtask's rows through the table's {@link SinkWriter}, every kind as it comes (an upsert
 * sink applies a -U as a delete of its key: a filter above an aggregate may pass the -U of a row whose
 * +U it drops, and then the -U is all that removes the row); takes the writer's part of each checkpoint
 * and tells it when a checkpoint is durable.
 */
final class SinkOperator implements OneInputOperator, ProcessingTimeAware {
    private static final long PUBLISH_INTERVAL_MILLIS = 200;

    private final TableSink sink;
    private final String table;
    private final boolean checkpointing;
    private final String jobId;
    private final Consumer<Throwable> failureHandler;
    private SinkWriter writer;
    private long rows;
    private long lastPublishMillis;
    private volatile long publishedRows;
    private volatile Map<String, Long> publishedMetrics = Map.of();

    /** @param checkpointing whether the job takes checkpoints, which a writer that writes on commit needs */
    SinkOperator(ExecNodes.Sink node, TableSink sink, boolean checkpointing, String jobId,
                 Consumer<Throwable> failureHandler) {
        this.sink = sink;
        this.table = node.table().toString();
        this.checkpointing = checkpointing;
        this.jobId = jobId;
        this.failureHandler = failureHandler;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        writer = sink.createWriter(new SinkContext(jobId, context.subtaskIndex(), context.parallelism(), failureHandler));
    }

    @Override
    public void processElement(Row row, Output output) throws Exception {
        writer.write(row);
        rows++;
    }

    /**
     * Hands the writer its state from the checkpoint the job resumes from (null: a fresh start).
     *
     * @throws IllegalStateException when the writer writes on commit but the job takes no checkpoints
     */
    void initializeWriter(Serializable restoredState) throws Exception {
        if (writer.writesOnCommit() && !checkpointing) {
            throw new IllegalStateException("Sink " + table + " writes only when a checkpoint completes (exactly-once"
                    + " delivery), but the job takes no checkpoints: set '"
                    + ExecutionOptions.CHECKPOINT_INTERVAL.key() + "'");
        }
        writer.initializeState(restoredState);
    }

    /** The writer's part of checkpoint {@code checkpointId}, taken before the checkpoint is acknowledged. */
    Serializable snapshotWriter(long checkpointId) throws Exception {
        return writer.snapshotState(checkpointId);
    }

    /** Checkpoint {@code checkpointId} is durable. */
    void commitWriter(long checkpointId) throws Exception {
        writer.commitCheckpoint(checkpointId);
    }

    boolean writesOnCommit() {
        return writer.writesOnCommit();
    }

    @Override
    public void onProcessingTime(long nowMillis, Output output) {
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
