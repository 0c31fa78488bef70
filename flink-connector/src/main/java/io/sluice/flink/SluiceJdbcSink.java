package io.sluice.flink;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import java.io.IOException;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;

/**
 * The Sink V2 of a {@code sluice-jdbc} table: each subtask gets Sluice's jdbc writer behind a
 * {@link SluiceJdbcSinkWriter}. A failed interval flush on the writer's timer thread fails the task at
 * once, through a mail to the task thread that throws the flush's own exception.
 */
final class SluiceJdbcSink implements Sink<RowData> {
    private static final long serialVersionUID = 1L;

    private final SinkSpec spec;

    SluiceJdbcSink(SinkSpec spec) {
        this.spec = spec;
    }

    @Override
    public org.apache.flink.api.connector.sink2.SinkWriter<RowData> createWriter(WriterInitContext context)
            throws IOException {
        TaskInfo task = context.getTaskInfo();
        MailboxExecutor mailbox = context.getMailboxExecutor();
        SinkContext sinkContext = new SinkContext(context.getJobInfo().getJobId().toString(),
                task.getIndexOfThisSubtask(), task.getNumberOfParallelSubtasks(),
                cause -> mailbox.execute(() -> rethrow(cause), "fail on a sluice-jdbc flush error"));
        SinkWriter writer;
        try {
            writer = spec.createTableSink().createWriter(sinkContext);
        } catch (Exception e) {
            throw SluiceJdbcSinkWriter.ioFailure(e);
        }
        return new SluiceJdbcSinkWriter(writer, new RowDataConverter(spec.columnTypes()), context.metricGroup());
    }

    private static void rethrow(Throwable cause) throws Exception {
        if (cause instanceof Exception exception) {
            throw exception;
        }
        throw (Error) cause;
    }
}
