package io.sluice.jdbc.internal;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One subtask's JDBC writer: rows go into a {@link ChangeBuffer}; a flush writes the buffer through a
 * {@link ChangeWriter} when {@code maxRows} rows arrived since the last flush, when the interval timer
 * fires, at a checkpoint and at close. The buffer is cleared only after the flush committed.
 *
 * <p>The writing thread and the timer thread exclude each other with one lock; an uncontended lock is a
 * single compare-and-set, the only cost the lock adds to a row. A failure on either thread is kept:
 * the timer thread reports it at once through {@link SinkContext#failureHandler()}, and every later call
 * throws the same exception object (never a new wrapper around it).
 */
public final class JdbcSinkWriter implements SinkWriter {
    private final ChangeBuffer buffer;
    private final ChangeWriter changeWriter;
    private final int maxRows;
    private final SinkContext context;
    private final SinkMetrics metrics;
    private final AutoCloseable resources;
    private final ReentrantLock lock = new ReentrantLock();
    private final FlushTimer timer;
    private volatile Throwable failure;
    private int rowsSinceFlush;
    private boolean closed;

    /**
     * @param maxRows   rows received that trigger a flush; 0 disables
     * @param resources released at close, such as the reference to the table's pool
     */
    public JdbcSinkWriter(ChangeBuffer buffer, ChangeWriter changeWriter, int maxRows, FlushTimer.Factory timers,
                          SinkContext context, SinkMetrics metrics, AutoCloseable resources) {
        this.buffer = buffer;
        this.changeWriter = changeWriter;
        this.maxRows = maxRows;
        this.context = context;
        this.metrics = metrics;
        this.resources = resources;
        this.timer = timers.start(this::flushOnTimer);
    }

    @Override
    public void write(Row row) throws Exception {
        rethrowFailure();
        lock.lock();
        try {
            buffer.add(row);
            metrics.buffered(buffer);
            if (maxRows > 0 && ++rowsSinceFlush >= maxRows) {
                flushLocked(FlushReason.COUNT);
                timer.restart();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void flush() throws Exception {
        flushFromCaller(FlushReason.EXPLICIT);
    }

    /** Returns only after everything written before it is committed. */
    @Override
    public void snapshot(long checkpointId) throws Exception {
        flushFromCaller(FlushReason.CHECKPOINT);
    }

    @Override
    public Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    /** Flushes what remains unless the writer already failed, then releases the timer and the pool. */
    @Override
    public void close() throws Exception {
        try (AutoCloseable release = resources) {
            timer.close();
            lock.lock();
            try {
                if (failure == null && !closed) {
                    flushLocked(FlushReason.CLOSE);
                }
            } finally {
                closed = true;
                lock.unlock();
            }
        }
    }

    private void flushFromCaller(FlushReason reason) throws Exception {
        rethrowFailure();
        lock.lock();
        try {
            flushLocked(reason);
        } finally {
            lock.unlock();
        }
    }

    private void flushOnTimer() {
        Throwable cause = null;
        lock.lock();
        try {
            if (failure == null && !closed) {
                flushLocked(FlushReason.INTERVAL);
            }
        } catch (Throwable e) {
            cause = e;
            failure = e;
        } finally {
            lock.unlock();
        }
        if (cause != null) {
            // Outside the lock: the handler may stop the job, which closes this writer.
            timer.close();
            context.failureHandler().accept(cause);
        }
    }

    private void flushLocked(FlushReason reason) throws Exception {
        rowsSinceFlush = 0;
        if (buffer.isEmpty()) {
            return;
        }
        ChangeBatch batch = buffer.batch();
        long start = System.nanoTime();
        WriteStats sent;
        try {
            sent = changeWriter.write(batch);
        } catch (Exception | Error e) {
            failure = e;
            throw e;
        }
        buffer.clear();
        metrics.flushed(reason, batch, sent, System.nanoTime() - start);
    }

    private void rethrowFailure() throws Exception {
        Throwable cause = failure;
        if (cause instanceof Exception exception) {
            throw exception;
        }
        if (cause instanceof Error error) {
            throw error;
        }
    }
}
