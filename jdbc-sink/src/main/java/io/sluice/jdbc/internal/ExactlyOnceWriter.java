package io.sluice.jdbc.internal;

import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import io.sluice.jdbc.JdbcSinkException;
import io.sluice.jdbc.internal.ProgressStore.Progress;
import java.io.Serializable;
import java.util.Map;

/**
 * One subtask's exactly-once JDBC writer (two-phase commit without XA). Between checkpoints rows only
 * go into {@link PendingCheckpoints}. At checkpoint N it seals them as pending for N, and the runtime
 * stores them in the checkpoint. Once checkpoint N is durable, {@link #commitCheckpoint} writes what is
 * pending up to N together with the progress row, in one transaction, through a
 * {@link CheckpointCommitter}. After a restore it commits what the restored state holds and the
 * progress row does not; a fresh start begins at checkpoint 0.
 */
public final class ExactlyOnceWriter implements SinkWriter {
    private final PendingCheckpoints pending;
    private final CheckpointCommitter committer;
    private final SinkMetrics metrics;
    private final AutoCloseable resources;
    private final String tableLabel;

    /** @param resources released at close, such as the reference to the table's pool */
    public ExactlyOnceWriter(PendingCheckpoints pending, CheckpointCommitter committer, SinkMetrics metrics,
                             AutoCloseable resources, String tableLabel) {
        this.pending = pending;
        this.committer = committer;
        this.metrics = metrics;
        this.resources = resources;
        this.tableLabel = tableLabel;
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
        pending.restore(state, progress.checkpointId());
        commitCheckpoint(state.checkpointId());
    }

    @Override
    public void write(Row row) {
        pending.add(row);
        metrics.buffered(pending.current());
    }

    /** Nothing is written between checkpoints. */
    @Override
    public void flush() {
    }

    @Override
    public void snapshot(long checkpointId) {
        pending.seal(checkpointId);
    }

    @Override
    public Serializable snapshotState(long checkpointId) {
        return pending.seal(checkpointId);
    }

    @Override
    public void commitCheckpoint(long checkpointId) throws Exception {
        ChangeBatch batch = pending.upTo(checkpointId);
        if (batch == null) {
            return;
        }
        long start = System.nanoTime();
        WriteStats sent = committer.commit(batch, checkpointId);
        pending.committed(checkpointId);
        metrics.flushed(FlushReason.COMMIT, batch, sent, System.nanoTime() - start);
    }

    @Override
    public Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    /** Releases the pool; rows not committed stay in the last checkpoint for a restore. */
    @Override
    public void close() throws Exception {
        resources.close();
    }
}
