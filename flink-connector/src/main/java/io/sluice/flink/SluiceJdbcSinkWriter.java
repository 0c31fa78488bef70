package io.sluice.flink;

import io.sluice.api.connector.SinkWriter;
import java.io.IOException;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.data.RowData;

/**
 * One subtask's {@code sluice-jdbc} writer: converts each {@link RowData} and hands it to Sluice's jdbc
 * writer. Flink calls {@link #flush(boolean)} before every checkpoint barrier leaves the task, and
 * this returns only after the buffer is committed: no checkpoint completes with rows still buffered.
 * Sluice's counters appear as gauges in the {@code sluice} metric group.
 */
final class SluiceJdbcSinkWriter implements org.apache.flink.api.connector.sink2.SinkWriter<RowData> {
    private final SinkWriter writer;
    private final RowDataConverter converter;
    private long checkpoints;

    SluiceJdbcSinkWriter(SinkWriter writer, RowDataConverter converter, MetricGroup metrics) {
        this.writer = writer;
        this.converter = converter;
        MetricGroup group = metrics.addGroup("sluice");
        for (String name : writer.metrics().keySet()) {
            group.gauge(name, () -> writer.metrics().getOrDefault(name, 0L));
        }
    }

    @Override
    public void write(RowData element, Context context) throws IOException {
        try {
            writer.write(converter.convert(element));
        } catch (Exception e) {
            throw ioFailure(e);
        }
    }

    /**
     * Commits the buffer. Flink gives no checkpoint id here; Sluice's writer takes the number of
     * checkpoints this writer has flushed for, which it uses only to tell flushes apart.
     */
    @Override
    public void flush(boolean endOfInput) throws IOException {
        try {
            if (endOfInput) {
                writer.flush();
            } else {
                writer.snapshot(++checkpoints);
            }
        } catch (Exception e) {
            throw ioFailure(e);
        }
    }

    /** Flushes what remains unless the writer failed, and gives the pool back. */
    @Override
    public void close() throws Exception {
        writer.close();
    }

    /**
     * {@code failure} for a method that may throw only IOException: runtime exceptions are rethrown
     * as they are, other checked exceptions wrapped.
     */
    static IOException ioFailure(Exception failure) {
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        return failure instanceof IOException io ? io : new IOException(failure);
    }
}
