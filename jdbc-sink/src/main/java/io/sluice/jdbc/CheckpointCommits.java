package io.sluice.jdbc;

import io.sluice.jdbc.internal.CheckpointCommitter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits one writer subtask's sealed batches, each with the subtask's progress row in one transaction
 * (conditional on this attempt's epoch and an older committed checkpoint). Idempotent: a batch of a
 * checkpoint at or below the committed one is skipped, so an engine may hand a batch again after a
 * restore or a retry.
 */
public final class CheckpointCommits implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointCommits.class);

    private final CheckpointCommitter committer;
    private final AutoCloseable resources;
    private final String tableLabel;
    private long committed;

    CheckpointCommits(CheckpointCommitter committer, long committed, AutoCloseable resources, String tableLabel) {
        this.committer = committer;
        this.committed = committed;
        this.resources = resources;
        this.tableLabel = tableLabel;
    }

    /** The last checkpoint whose batch this subtask committed (0: none). */
    public long lastCommitted() {
        return committed;
    }

    /**
     * Writes {@code batch} as checkpoint {@code checkpointId}'s, with the progress row, unless that
     * checkpoint was committed already.
     *
     * @throws JdbcSinkException when a newer attempt of the subtask took over, or the write failed after retries
     */
    public void commit(SealedBatch batch, long checkpointId) throws Exception {
        if (checkpointId <= committed) {
            LOG.info("{}: checkpoint {} was committed already (progress at {}); skipped", tableLabel, checkpointId,
                    committed);
            return;
        }
        committer.commit(batch.changes(), checkpointId);
        committed = checkpointId;
    }

    /** Releases the pool. */
    @Override
    public void close() throws Exception {
        resources.close();
    }
}
