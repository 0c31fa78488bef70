package io.sluice.jdbc.internal;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import io.sluice.jdbc.JdbcSinkException;
import io.sluice.jdbc.internal.ProgressStore.Progress;
import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One subtask's exactly-once JDBC writer (two-phase commit without XA). Between checkpoints rows only
 * go into {@link PendingCheckpoints}. At checkpoint N it seals them as pending for N, and the runtime
 * stores them in the checkpoint. Once checkpoint N is durable, {@link #commitCheckpoint} writes what is
 * pending up to N together with the progress row, in one transaction, through a
 * {@link CheckpointCommitter}. After a restore it commits what the restored state holds and the
 * progress row does not; a fresh start begins at checkpoint 0.
 *
 * <p>{@code pipelined}, the commit runs on the writer's own thread while the job goes on taking rows
 * for the next checkpoint. At most one commit is in flight, so checkpoints commit in order; a commit
 * asked for meanwhile waits for it. Until a commit succeeded its batches stay pending, so a checkpoint
 * taken meanwhile still holds them. The commit of the end of the input, and close, wait for it. A
 * failure on the committing thread is reported at once through {@link SinkContext#failureHandler()};
 * every later call throws it.
 */
public final class ExactlyOnceWriter implements SinkWriter {
    private final PendingCheckpoints pending;
    private final CheckpointCommitter committer;
    private final SinkMetrics metrics;
    private final AutoCloseable resources;
    private final String tableLabel;
    private final boolean pipelined;
    private final SinkContext context;
    private final ExecutorService committing;
    private final BackgroundFailure failure = new BackgroundFailure();
    private boolean inFlight;

    /**
     * @param pipelined  whether the job goes on while a commit runs
     * @param threadName the committing thread's name
     * @param resources  released at close, such as the reference to the table's pool
     */
    public ExactlyOnceWriter(PendingCheckpoints pending, CheckpointCommitter committer, SinkMetrics metrics,
                             boolean pipelined, String threadName, SinkContext context, AutoCloseable resources,
                             String tableLabel) {
        this.pending = pending;
        this.committer = committer;
        this.metrics = metrics;
        this.pipelined = pipelined;
        this.context = context;
        this.resources = resources;
        this.tableLabel = tableLabel;
        this.committing = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public boolean writesOnCommit() {
        return true;
    }

    /**
     * Claims the progress row; after a restore, commits the restored batches it has not committed.
     *
     * @throws JdbcSinkException when the progress row is ahead of the restored checkpoint: an older
     *                           checkpoint than the newest was restored, whose changes would apply twice
     *                           (except after the subtask committed its whole bounded input)
     */
    @Override
    public void initializeState(Serializable restoredState) throws Exception {
        Progress progress = committer.claim(restoredState == null);
        if (restoredState == null) {
            return;
        }
        PendingCheckpoints.State state = (PendingCheckpoints.State) restoredState;
        // A subtask that committed END_OF_INPUT applied its whole input; checkpoints taken after it was
        // restored have smaller ids, and whatever they replay is committed already.
        if (progress.checkpointId() > state.checkpointId() && progress.checkpointId() != END_OF_INPUT) {
            throw new JdbcSinkException(tableLabel + ": the progress table says checkpoint " + progress.checkpointId()
                    + " was committed, but the job resumes from checkpoint " + state.checkpointId()
                    + ": its later changes would be applied twice. Restore the newest checkpoint of the job.",
                    null, null);
        }
        synchronized (this) {
            pending.restore(state, progress.checkpointId());
        }
        ChangeBatch batch = batchUpTo(state.checkpointId());
        if (batch != null) {
            commit(batch, state.checkpointId());
        }
    }

    @Override
    public void write(Row row) throws Exception {
        failure.rethrow();
        synchronized (this) {
            pending.add(row);
            metrics.buffered(pending.current());
        }
    }

    /** Nothing is written between checkpoints. */
    @Override
    public void flush() throws Exception {
        failure.rethrow();
    }

    @Override
    public void snapshot(long checkpointId) throws Exception {
        snapshotState(checkpointId);
    }

    @Override
    public synchronized Serializable snapshotState(long checkpointId) throws Exception {
        failure.rethrow();
        return pending.seal(checkpointId);
    }

    @Override
    public void commitCheckpoint(long checkpointId) throws Exception {
        awaitNoCommitInFlight();
        failure.rethrow();
        ChangeBatch batch = batchUpTo(checkpointId);
        if (batch == null) {
            return;
        }
        if (!pipelined) {
            commit(batch, checkpointId);
            return;
        }
        synchronized (this) {
            inFlight = true;
        }
        committing.execute(() -> commitInBackground(batch, checkpointId));
        if (checkpointId == END_OF_INPUT) {
            awaitNoCommitInFlight();
            failure.rethrow();
        }
    }

    private synchronized ChangeBatch batchUpTo(long checkpointId) {
        return pending.upTo(checkpointId);
    }

    private void commit(ChangeBatch batch, long checkpointId) throws Exception {
        long start = System.nanoTime();
        WriteStats sent = committer.commit(batch, checkpointId);
        synchronized (this) {
            pending.committed(checkpointId);
        }
        metrics.flushed(FlushReason.COMMIT, batch, sent, System.nanoTime() - start);
    }

    /** Runs on the committing thread. */
    private void commitInBackground(ChangeBatch batch, long checkpointId) {
        Throwable cause = null;
        try {
            commit(batch, checkpointId);
        } catch (Throwable e) {
            cause = e;
            failure.set(e);
        }
        synchronized (this) {
            inFlight = false;
            notifyAll();
        }
        if (cause != null) {
            // Outside the lock: the handler may stop the job, which closes this writer.
            context.failureHandler().accept(cause);
        }
    }

    /** Waits while a commit runs; its own timeouts and retries bound the wait. */
    private synchronized void awaitNoCommitInFlight() throws InterruptedException {
        while (inFlight) {
            wait();
        }
    }

    @Override
    public Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    /**
     * Waits for a commit in flight (its connection comes from the pool), then releases the pool; rows
     * not committed stay in the last checkpoint for a restore. A failed commit is thrown here: the task
     * that closes must fail with it, not finish before the committing thread's report arrives.
     */
    @Override
    public void close() throws Exception {
        try (AutoCloseable release = resources) {
            awaitNoCommitInFlight();
        } finally {
            committing.shutdown();
        }
        failure.rethrow();
    }

}
