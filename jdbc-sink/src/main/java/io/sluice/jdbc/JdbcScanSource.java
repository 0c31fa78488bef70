package io.sluice.jdbc;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.jdbc.internal.JdbcSourceReader;
import io.sluice.jdbc.internal.SharedPool;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The jdbc source: a bounded snapshot {@code SELECT} of the declared columns, insert-only, read by
 * subtask 0 (the others read nothing), so that a script can read back what it wrote.
 */
final class JdbcScanSource implements ScanSource {
    private final JdbcTableConfig config;

    JdbcScanSource(JdbcTableConfig config) {
        this.config = config;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public boolean isBounded() {
        return true;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        if (subtaskIndex != 0) {
            return new NothingToRead();
        }
        SharedPool pool;
        try {
            pool = config.openPool(parallelism);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(config.table().label() + ": cancelled while connecting", e);
        }
        return new JdbcSourceReader(config.table().label(), pool, config.dialect(),
                config.dialect().selectStatement(config.definition()),
                config.definition().columnTypes(),
                config.get(JdbcOptions.SCAN_FETCH_SIZE), pool);
    }

    /** The reader of a subtask other than 0. */
    private static final class NothingToRead implements SourceReader {
        @Override
        public Status pollNext(Consumer<Row> output) {
            return Status.END_OF_INPUT;
        }

        @Override
        public Map<String, Long> position() {
            return Map.of();
        }

        @Override
        public void seek(Map<String, Long> position) {
        }
    }
}
