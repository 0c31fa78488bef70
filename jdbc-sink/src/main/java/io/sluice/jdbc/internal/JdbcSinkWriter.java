package io.sluice.jdbc.internal;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One subtask's JDBC writer, which overlaps the job with the database: rows go into a
 * {@link ChangeBuffer}; a flush hands the buffer's batch to the writer's flushing thread and the
 * buffer starts over, so the job goes on while the database writes. A flush starts when
 * {@code maxRows} rows arrived since the last one, when the interval timer fires, at a checkpoint and
 * at close.
 *
 * <p>At most one flush is in flight, so the changes of a key reach the table in order. While it runs
 * the buffer absorbs: a key changed again replaces its pending change, so under load the database sees
 * fewer, larger flushes. A flush asked for meanwhile starts as soon as the one in flight committed.
 * Memory stays bounded: when the buffer holds {@code maxRows} entries and a flush is still running,
 * {@link #write} waits for it (backpressure). A checkpoint, {@link #flush()} and close return only
 * after everything written before them is committed.
 *
 * <p>Not {@code pipelined}, every call that starts a flush waits for it, and a write waits for a flush
 * the timer started: the job and the database take turns, and nothing is absorbed meanwhile.
 *
 * <p>A failure on the flushing thread is kept and reported at once through
 * {@link SinkContext#failureHandler()}; every later call throws the same exception object.
 */
public final class JdbcSinkWriter implements SinkWriter {
    private final ChangeBuffer buffer;
    private final ChangeWriter changeWriter;
    private final int maxRows;
    private final boolean pipelined;
    private final SinkContext context;
    private final SinkMetrics metrics;
    private final AutoCloseable resources;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition flushEnded = lock.newCondition();
    private final ExecutorService flusher;
    private final FlushTimer timer;
    private final BackgroundFailure failure = new BackgroundFailure();
    private int rowsSinceFlush;
    private boolean inFlight;
    private FlushReason pending;
    private boolean closed;

    /**
     * @param maxRows    rows received that start a flush, and the buffer's bound while one runs; 0 disables both
     * @param pipelined  whether the job goes on while a flush runs
     * @param threadName the flushing thread's name
     * @param resources  released at close, such as the reference to the table's pool
     */
    public JdbcSinkWriter(ChangeBuffer buffer, ChangeWriter changeWriter, int maxRows, boolean pipelined,
                          FlushTimer.Factory timers, String threadName, SinkContext context, SinkMetrics metrics, AutoCloseable resources) {
        this.buffer = buffer;
        this.changeWriter = changeWriter;
        this.maxRows = maxRows;
        this.pipelined = pipelined;
        this.context = context;
        this.metrics = metrics;
        this.resources = resources;
        this.flusher = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
        this.timer = timers.start(this::flushOnTimer);
    }

    @Override
    public void write(Row row) throws Exception {
        failure.rethrow();
        lock.lock();
        try {
            if (!pipelined) {
                awaitNoFlushInFlight();
            }
            buffer.add(row);
            metrics.buffered(buffer);
            if (maxRows > 0 && ++rowsSinceFlush >= maxRows) {
                request(FlushReason.COUNT);
                timer.restart();
            }
            if (!pipelined) {
                awaitNoFlushInFlight();
            } else if (maxRows > 0 && inFlight && buffer.size() >= maxRows) {
                awaitRoomInBuffer();
            }
        } finally {
            lock.unlock();
        }
        failure.rethrow();
    }

    /** Backpressure: waits for the flush in flight, counting the wait. */
    private void awaitRoomInBuffer() throws InterruptedException {
        long start = System.nanoTime();
        while (inFlight && buffer.size() >= maxRows && !failure.isSet()) {
            flushEnded.await();
        }
        metrics.waitedForFlush(System.nanoTime() - start);
    }

    @Override
    public void flush() throws Exception {
        drain(FlushReason.EXPLICIT);
    }

    /** Returns only after everything written before it is committed. */
    @Override
    public void snapshot(long checkpointId) throws Exception {
        drain(FlushReason.CHECKPOINT);
    }

    @Override
    public Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    /**
     * Flushes what remains unless the writer already failed, then releases the timer, the flushing
     * thread and the pool. A flush in flight always ends first: its connection comes from the pool.
     * A failed flush, the last one too, is thrown here: the task that closes must fail with it, not
     * finish before the flushing thread's report arrives. An interrupt of the closing thread (a cancelled
     * job) waits until the writer is closed: it must not cut the last flush short or close the pool under it.
     */
    @Override
    public void close() throws Exception {
        boolean interrupted = Thread.interrupted();
        try {
            closeUninterrupted();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void closeUninterrupted() throws Exception {
        try (AutoCloseable release = resources) {
            timer.close();
            lock.lock();
            try {
                if (!failure.isSet() && !closed) {
                    drainLocked(FlushReason.CLOSE);
                }
                awaitNoFlushInFlight();
            } finally {
                closed = true;
                lock.unlock();
                flusher.shutdown();
            }
        }
        failure.rethrow();
    }

    private void drain(FlushReason reason) throws Exception {
        failure.rethrow();
        lock.lock();
        try {
            drainLocked(reason);
        } finally {
            lock.unlock();
        }
        failure.rethrow();
    }

    private void drainLocked(FlushReason reason) throws Exception {
        awaitNoFlushInFlight();
        failure.rethrow();
        if (!buffer.isEmpty()) {
            start(reason);
            awaitNoFlushInFlight();
            failure.rethrow();
        }
        rowsSinceFlush = 0;
    }

    /** Waits while a flush runs; the flush's own timeouts and retries bound the wait. */
    private void awaitNoFlushInFlight() throws InterruptedException {
        while (inFlight) {
            flushEnded.await();
        }
    }

    private void flushOnTimer() {
        lock.lock();
        try {
            if (!failure.isSet() && !closed) {
                request(FlushReason.INTERVAL);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Starts a flush now, or as soon as the one in flight committed. */
    private void request(FlushReason reason) {
        if (buffer.isEmpty()) {
            rowsSinceFlush = 0;
        } else if (inFlight) {
            pending = pending == null ? reason : pending;
        } else {
            start(reason);
        }
    }

    private void start(FlushReason reason) {
        ChangeBatch batch = buffer.batch();
        buffer.clear();
        metrics.buffered(buffer);
        rowsSinceFlush = 0;
        pending = null;
        inFlight = true;
        flusher.execute(() -> write(batch, reason));
    }

    /** Runs on the flushing thread. */
    private void write(ChangeBatch batch, FlushReason reason) {
        Throwable cause = null;
        long startNanos = System.nanoTime();
        try {
            WriteStats sent = changeWriter.write(batch);
            metrics.flushed(reason, batch, sent, System.nanoTime() - startNanos);
        } catch (Throwable e) {
            cause = e;
            failure.set(e);
        }
        lock.lock();
        try {
            inFlight = false;
            if (cause != null) {
                putBack(batch);
            } else if (pending != null && !buffer.isEmpty()) {
                start(pending);
            }
            flushEnded.signalAll();
        } finally {
            lock.unlock();
        }
        if (cause != null) {
            // Outside the lock: the handler may stop the job, which closes this writer.
            timer.close();
            context.failureHandler().accept(cause);
        }
    }

    /**
     * Puts the rows of a failed flush back in front of those that arrived meanwhile, so that the buffer
     * holds every change not committed, and a key's newer change still wins.
     */
    private void putBack(ChangeBatch failed) {
        ChangeBatch newer = buffer.batch();
        buffer.clear();
        buffer.addBatch(failed);
        buffer.addBatch(newer);
        metrics.buffered(buffer);
    }

}
