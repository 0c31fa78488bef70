package io.sluice.runtime.execution;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.options.ConfigOption;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;

/** The {@code test-table} connector over {@link TestTable}s, named by the {@code name} option. */
public final class TestTableFactory implements DynamicTableFactory {
    private static final ConfigOption<String> NAME = ConfigOption.stringOption("name").build();

    @Override
    public String identifier() {
        return "test-table";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(NAME);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        TestTable table = TestTable.get(context.options().asMap().get("name"));
        return new ScanSource() {
            @Override
            public ChangelogMode getChangelogMode() {
                return ChangelogMode.all();
            }

            @Override
            public boolean isBounded() {
                return !table.unbounded;
            }

            @Override
            public SourceReader createReader(int subtaskIndex, int parallelism) {
                return new Reader(table, subtaskIndex, parallelism);
            }
        };
    }

    @Override
    public TableSink createSink(FactoryContext context) {
        TestTable table = TestTable.get(context.options().asMap().get("name"));
        return new TableSink() {
            @Override
            public ChangelogMode getChangelogMode(ChangelogMode requested) {
                return requested;
            }

            @Override
            public OptionalInt parallelism() {
                return table.sinkParallelism > 0 ? OptionalInt.of(table.sinkParallelism) : OptionalInt.empty();
            }

            @Override
            public SinkWriter createWriter(SinkContext sinkContext) {
                return table.twoPhase ? new TwoPhaseWriter(table, sinkContext, context.jobConfiguration())
                        : new Writer(table, sinkContext);
            }
        };
    }

    private static final class Reader implements SourceReader {
        private final TestTable table;
        private final int parallelism;
        private long next;
        private long pausedSince = -1;

        Reader(TestTable table, int subtask, int parallelism) {
            this.table = table;
            this.parallelism = parallelism;
            this.next = subtask;
        }

        @Override
        public Status pollNext(Consumer<Row> output) {
            List<Row> rows = table.rows;
            if (next >= rows.size()) {
                return table.unbounded ? Status.NOTHING_AVAILABLE : Status.END_OF_INPUT;
            }
            if (table.pauseEvery > 0 && next % table.pauseEvery == 0 && pausing()) {
                return Status.NOTHING_AVAILABLE;
            }
            output.accept(rows.get((int) next).copy());
            next += parallelism;
            table.rowsRead.incrementAndGet();
            return Status.ROW_EMITTED;
        }

        /** True while the pause at the current row lasts; it starts at the first call. */
        private boolean pausing() {
            long now = System.nanoTime();
            if (pausedSince < 0) {
                pausedSince = now;
            }
            if (now - pausedSince < TestTable.PAUSE_MILLIS * 1_000_000) {
                return true;
            }
            pausedSince = -1;
            return false;
        }

        @Override
        public Map<String, Long> position() {
            return Map.of(ROWS, next);
        }

        @Override
        public void seek(Map<String, Long> position) {
            next = position.getOrDefault(ROWS, 0L);
        }
    }

    private static final class Writer implements SinkWriter {
        private final TestTable table;
        private final SinkContext context;

        Writer(TestTable table, SinkContext context) {
            this.table = table;
            this.context = context;
        }

        @Override
        public void write(Row row) throws Exception {
            table.writeGate.await();
            if (table.failsNow(table.written.size())) {
                IllegalStateException failure = new IllegalStateException("sink " + table.name + " broke");
                if (!table.failAsynchronously) {
                    throw failure;
                }
                new Thread(() -> context.failureHandler().accept(failure)).start();
            }
            synchronized (table.written) {
                table.written.add(row.copy());
                table.writtenBySubtask.add(context.subtaskIndex());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void snapshot(long checkpointId) {
            table.snapshots.add(checkpointId);
        }

        @Override
        public Map<String, Long> metrics() {
            return Map.of("rows-received", (long) table.written.size());
        }

        @Override
        public void close() {
            table.closed.incrementAndGet();
        }
    }
}
