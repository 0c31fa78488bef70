package io.sluice.connectors.datagen;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.connectors.generator.RowRandom;
import java.util.List;

/**
 * The source of a {@code datagen} table: inserts whose values are a pure function of the seed and the
 * row index; subtask {@code i} of {@code p} generates rows {@code i, i + p, ...}.
 */
final class DataGenSource implements ScanSource {
    private final List<FieldGenerator> generators;
    private final long seed;
    private final long rowCount;
    private final double rowsPerSecond;

    /** @param rowCount the number of rows, or {@link Long#MAX_VALUE} for an endless stream */
    DataGenSource(List<FieldGenerator> generators, long seed, long rowCount, double rowsPerSecond) {
        this.generators = List.copyOf(generators);
        this.seed = seed;
        this.rowCount = rowCount;
        this.rowsPerSecond = rowsPerSecond;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public boolean isBounded() {
        return rowCount != Long.MAX_VALUE;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        double nanosPerRow = 1e9 * parallelism / rowsPerSecond;
        return new DataGenReader(generators.toArray(FieldGenerator[]::new), new RowRandom(seed), rowCount,
                subtaskIndex, parallelism, nanosPerRow, System::nanoTime);
    }
}
