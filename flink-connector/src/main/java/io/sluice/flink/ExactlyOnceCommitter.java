package io.sluice.flink;

import io.sluice.jdbc.CheckpointCommits;
import io.sluice.jdbc.TwoPhaseJdbcSink;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.connector.sink2.Committer;

/**
 * Flink's committer of an exactly-once {@code sluice-jdbc} sink. Flink calls it once a checkpoint is
 * complete, and again after a restore with the committables the checkpoint kept. Each
 * {@link SealedCheckpoint} is written with its writer subtask's progress row in one transaction
 * through Sluice's {@link CheckpointCommits}, which skips checkpoints committed before (so a commit
 * Flink repeats is harmless) and fences off committers of older attempts. A failed commit fails the
 * task; Flink restarts it and commits the restored committables again.
 */
final class ExactlyOnceCommitter implements Committer<SealedCheckpoint> {
    private final TwoPhaseJdbcSink sink;
    private final String jobId;
    private final int parallelism;
    private final boolean freshStart;
    private final Map<Integer, CheckpointCommits> commits = new HashMap<>();

    /** Claims the progress row of {@code subtask} (its own writer's) at once, fencing off older attempts. */
    ExactlyOnceCommitter(TwoPhaseJdbcSink sink, String jobId, int subtask, int parallelism, boolean freshStart)
            throws IOException {
        this.sink = sink;
        this.jobId = jobId;
        this.parallelism = parallelism;
        this.freshStart = freshStart;
        commits(subtask);
    }

    @Override
    public void commit(Collection<CommitRequest<SealedCheckpoint>> requests) throws IOException {
        for (CommitRequest<SealedCheckpoint> request : requests) {
            SealedCheckpoint sealed = request.getCommittable();
            try {
                commits(sealed.subtask()).commit(sealed.batch(), sealed.checkpointId());
            } catch (Exception e) {
                throw SluiceJdbcSinkWriter.ioFailure(e);
            }
        }
    }

    /** The commits of writer subtask {@code subtask}: after a rescale a committer may receive another's. */
    private CheckpointCommits commits(int subtask) throws IOException {
        CheckpointCommits existing = commits.get(subtask);
        if (existing != null) {
            return existing;
        }
        try {
            CheckpointCommits opened = sink.openCheckpointCommits(jobId, subtask, parallelism, freshStart);
            commits.put(subtask, opened);
            return opened;
        } catch (Exception e) {
            throw SluiceJdbcSinkWriter.ioFailure(e);
        }
    }

    @Override
    public void close() throws Exception {
        for (CheckpointCommits opened : commits.values()) {
            opened.close();
        }
    }
}
