package io.sluice.jdbc.internal;

import io.sluice.jdbc.JdbcSinkException;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import io.sluice.jdbc.internal.ProgressStore.Progress;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database side of an exactly-once sink subtask: claims its progress row (a new epoch) when it
 * starts, then commits each checkpoint's rows in one transaction with the conditional update of that
 * row, so that a commit happens at most once and never from an attempt that a newer one fenced off.
 */
public final class CheckpointCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointCommitter.class);

    private final ProgressStore progress;
    private final ChangeWriter changeWriter;
    private final ConnectionSource connections;
    private final String tableLabel;
    private long epoch = -1;

    public CheckpointCommitter(ProgressStore progress, ChangeWriter changeWriter, ConnectionSource connections,
                               String tableLabel) {
        this.progress = progress;
        this.changeWriter = changeWriter;
        this.connections = connections;
        this.tableLabel = tableLabel;
    }

    /**
     * Starts this attempt: creates the progress table and row when missing and takes a new epoch.
     *
     * @param freshStart true when the job does not resume from a checkpoint: the checkpoints an earlier
     *                   run committed are forgotten
     * @return the progress row after the claim
     */
    public Progress claim(boolean freshStart) throws SQLException, InterruptedException {
        Connection connection = connections.acquire();
        try {
            progress.createIfMissing(connection);
        } finally {
            connections.release(connection);
        }
        Progress[] claimed = new Progress[1];
        changeWriter.write(ChangeBatch.EMPTY, c -> {
            claimed[0] = progress.claim(c, freshStart);
            return true;
        });
        epoch = claimed[0].epoch();
        LOG.info("{}: {} starts with epoch {}; checkpoint {} is the last it committed", tableLabel,
                progress.describe(), epoch, claimed[0].checkpointId());
        return claimed[0];
    }

    /**
     * Writes {@code batch} and records {@code checkpointId} as committed, in one transaction; does
     * nothing when that checkpoint was committed already (a retry after a lost acknowledgement).
     *
     * @throws JdbcSinkException when a newer attempt of this subtask took over (fenced), or the write failed
     */
    public WriteStats commit(ChangeBatch batch, long checkpointId) throws SQLException, InterruptedException {
        WriteStats stats = changeWriter.write(batch, c -> progress.advance(c, epoch, checkpointId));
        if (stats != null) {
            return stats;
        }
        Progress now = read();
        if (now == null || now.epoch() != epoch) {
            throw new JdbcSinkException(tableLabel + ": " + progress.describe() + " was fenced by a newer attempt"
                    + " (this attempt has epoch " + epoch + ", progress table '" + progress.name() + "' has "
                    + (now == null ? "no row" : "epoch " + now.epoch()) + "); it stops without committing checkpoint "
                    + checkpointId, null, null);
        }
        LOG.info("{}: checkpoint {} was committed already (progress at {})", tableLabel, checkpointId,
                now.checkpointId());
        return WriteStats.NONE;
    }

    private Progress read() throws SQLException {
        Connection connection = connections.acquire();
        try {
            return progress.read(connection);
        } finally {
            connections.release(connection);
        }
    }
}
