package io.sluice.runtime.execution;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A sink writer of a {@link TestTable} that delivers exactly once the way the jdbc sink does: rows wait
 * in a buffer, a checkpoint seals them as pending, a commit moves pending rows into the table's
 * {@code written} list. It notes commits that came before their checkpoint was on disk.
 */
final class TwoPhaseWriter implements SinkWriter {
    /** Rows sealed at checkpoint {@code checkpointId}. */
    record Pending(long checkpointId, List<Row> rows) implements Serializable {
    }

    private final TestTable table;
    private final Path jobCheckpoints;
    private final List<Pending> pending = new ArrayList<>();
    private List<Row> current = new ArrayList<>();
    private long rowsTaken;

    TwoPhaseWriter(TestTable table, SinkContext context, Map<String, String> configuration) {
        this.table = table;
        this.jobCheckpoints = new ExecutionOptions(configuration).checkpointRoot().resolve(context.jobId());
    }

    @Override
    public boolean writesOnCommit() {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void initializeState(Serializable restoredState) {
        if (restoredState != null) {
            List<Pending> restored = (List<Pending>) restoredState;
            table.restoredPending.addAll(restored);
            restored.forEach(p -> table.written.addAll(p.rows()));
        }
    }

    @Override
    public void write(Row row) {
        if (table.failsNow(rowsTaken)) {
            throw new IllegalStateException("sink " + table.name + " broke");
        }
        rowsTaken++;
        current.add(row.copy());
    }

    @Override
    public Serializable snapshotState(long checkpointId) {
        table.snapshots.add(checkpointId);
        pending.add(new Pending(checkpointId, current));
        current = new ArrayList<>();
        ArrayList<Pending> state = new ArrayList<>(pending);
        table.sealedStates.put(checkpointId, state);
        return state;
    }

    @Override
    public void commitCheckpoint(long checkpointId) throws IOException {
        if (table.commitsHeld) {
            return;
        }
        table.commits.add(checkpointId);
        long newestOnDisk = newestCheckpointOnDisk();
        if (checkpointId != END_OF_INPUT && newestOnDisk < checkpointId) {
            table.commitsBeforeDurable.add(checkpointId);
        }
        pending.removeIf(p -> {
            if (p.checkpointId() <= checkpointId) {
                table.written.addAll(p.rows());
                return true;
            }
            return false;
        });
    }

    private long newestCheckpointOnDisk() throws IOException {
        try (Stream<Path> entries = Files.list(jobCheckpoints)) {
            return entries.filter(p -> Files.isRegularFile(p.resolve(CheckpointStorage.METADATA)))
                    .map(p -> p.getFileName().toString())
                    .filter(name -> name.matches("chk-\\d+"))
                    .mapToLong(name -> Long.parseLong(name.substring(4))).max().orElse(-1);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void snapshot(long checkpointId) {
        throw new UnsupportedOperationException("the runtime takes snapshotState");
    }

    @Override
    public void close() {
        table.closed.incrementAndGet();
    }
}
