package io.sluice.flink;

import io.sluice.jdbc.TwoPhaseJdbcSink;
import java.io.IOException;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.data.RowData;

/**
 * The Sink V2 of a {@code sluice-jdbc} table with {@code 'sink.delivery-guarantee' = 'exactly-once'}:
 * Flink's two-phase commit around Sluice's exactly-once parts. Writers seal their reduce buffer at each
 * checkpoint ({@link ExactlyOnceSinkWriter}); a pre-commit step stamps each sealed batch with its
 * checkpoint's id ({@link CheckpointIdStamp}); after the checkpoint completes, the
 * {@link ExactlyOnceCommitter} writes it with the progress row in one transaction.
 */
final class ExactlyOnceSink implements Sink<RowData>, SupportsCommitter<SealedCheckpoint>,
        SupportsPreCommitTopology<SealedCheckpoint, SealedCheckpoint> {
    private static final long serialVersionUID = 1L;

    private final SinkSpec spec;

    ExactlyOnceSink(SinkSpec spec) {
        this.spec = spec;
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) {
        return new ExactlyOnceSinkWriter(twoPhaseSink().newCheckpointBuffer(), new RowDataConverter(spec.columnTypes()),
                context.getTaskInfo().getIndexOfThisSubtask());
    }

    @Override
    public Committer<SealedCheckpoint> createCommitter(CommitterInitContext context) throws IOException {
        TaskInfo task = context.getTaskInfo();
        return new ExactlyOnceCommitter(twoPhaseSink(), context.getJobInfo().getJobId().toString(),
                task.getIndexOfThisSubtask(), task.getNumberOfParallelSubtasks(),
                context.getRestoredCheckpointId().isEmpty());
    }

    @Override
    public SimpleVersionedSerializer<SealedCheckpoint> getCommittableSerializer() {
        return new SealedCheckpointSerializer();
    }

    @Override
    public SimpleVersionedSerializer<SealedCheckpoint> getWriteResultSerializer() {
        return new SealedCheckpointSerializer();
    }

    @Override
    public DataStream<CommittableMessage<SealedCheckpoint>> addPreCommitTopology(
            DataStream<CommittableMessage<SealedCheckpoint>> committables) {
        // Same parallelism as the writers: Flink then forwards (and chains) instead of redistributing,
        // which keeps each writer subtask's committables and summary together.
        return committables.map(new CheckpointIdStamp(), CommittableMessageTypeInfo.of(SealedCheckpointSerializer::new))
                .name("sluice-jdbc checkpoint ids").setParallelism(committables.getParallelism());
    }

    private TwoPhaseJdbcSink twoPhaseSink() {
        return (TwoPhaseJdbcSink) spec.createTableSink();
    }
}
