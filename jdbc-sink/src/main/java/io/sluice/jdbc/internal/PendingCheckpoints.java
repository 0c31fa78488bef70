package io.sluice.jdbc.internal;

import io.sluice.api.data.Row;
import io.sluice.jdbc.JdbcOptions;
import io.sluice.jdbc.JdbcSinkException;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What an exactly-once sink subtask holds until checkpoints commit it: the rows since the last
 * checkpoint (reduced per key) and the batches sealed at earlier checkpoints that are not committed
 * yet. Pure: no I/O, no threads. Bounded: more than {@code maxRows} entries fail the job.
 */
public final class PendingCheckpoints {
    private final ChangeBuffer current;
    private final Supplier<ChangeBuffer> mergeBuffers;
    private final int maxRows;
    private final String tableLabel;
    private final List<Sealed> sealed = new ArrayList<>();
    private int sealedRows;

    /** The batch sealed at checkpoint {@code checkpointId}. */
    public record Sealed(long checkpointId, ChangeBatch batch) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /**
     * A subtask's part of checkpoint {@code checkpointId}: the batches not committed when it was taken.
     * Everything in it is covered by that checkpoint, so a restore commits all of it.
     */
    public record State(long checkpointId, List<Sealed> batches) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        public State {
            batches = List.copyOf(batches);
        }
    }

    /**
     * @param current      the buffer rows go into between checkpoints
     * @param mergeBuffers new empty buffers of the same kind, to merge sealed batches in
     */
    public PendingCheckpoints(ChangeBuffer current, Supplier<ChangeBuffer> mergeBuffers, int maxRows,
                              String tableLabel) {
        this.current = current;
        this.mergeBuffers = mergeBuffers;
        this.maxRows = maxRows;
        this.tableLabel = tableLabel;
    }

    /**
     * Takes a row.
     *
     * @throws JdbcSinkException when more than {@code maxRows} entries wait for a commit
     */
    public void add(Row row) {
        current.add(row);
        if (current.size() + sealedRows > maxRows) {
            throw new JdbcSinkException(tableLabel + ": exactly-once delivery holds " + (current.size() + sealedRows)
                    + " rows (one per key changed since the last committed checkpoint), more than '"
                    + JdbcOptions.SINK_EXACTLY_ONCE_MAX_BUFFERED_ROWS.key() + "' = " + maxRows + ". Take checkpoints more often"
                    + " ('execution.checkpointing.interval'), raise the bound, or use '"
                    + JdbcOptions.SINK_DELIVERY_GUARANTEE.key() + "' = 'at-least-once'.", null, null);
        }
    }

    /** Seals the rows since the last checkpoint as checkpoint {@code checkpointId}'s; returns the state to keep. */
    public State seal(long checkpointId) {
        if (!current.isEmpty()) {
            sealed.add(new Sealed(checkpointId, current.batch()));
            sealedRows += current.size();
            current.clear();
        }
        return new State(checkpointId, sealed);
    }

    /** Takes back the batches of a restored state that are newer than {@code committedCheckpoint}. */
    public void restore(State state, long committedCheckpoint) {
        for (Sealed batch : state.batches()) {
            if (batch.checkpointId() > committedCheckpoint) {
                sealed.add(batch);
                sealedRows += batch.batch().size();
            }
        }
    }

    /** The batches sealed up to {@code checkpointId}, merged in order (a later change of a key wins); null if none. */
    public ChangeBatch upTo(long checkpointId) {
        ChangeBuffer merged = null;
        for (Sealed batch : sealed) {
            if (batch.checkpointId() <= checkpointId) {
                merged = merged == null ? mergeBuffers.get() : merged;
                merged.addBatch(batch.batch());
            }
        }
        return merged == null ? null : merged.batch();
    }

    /** Forgets the batches sealed up to {@code checkpointId}, after their commit. */
    public void committed(long checkpointId) {
        sealed.removeIf(batch -> {
            boolean done = batch.checkpointId() <= checkpointId;
            sealedRows -= done ? batch.batch().size() : 0;
            return done;
        });
    }

    /** Entries waiting: the current buffer's and the sealed batches'. */
    public int size() {
        return current.size() + sealedRows;
    }

    public ChangeBuffer current() {
        return current;
    }
}
