package io.sluice.connectors.blackhole;

import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.util.Map;

/** Accepts any changelog except -U, which it has no use for, and discards it; counts what it received. */
final class BlackHoleSink implements TableSink {

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requested) {
        return requested.without(RowKind.UPDATE_BEFORE);
    }

    @Override
    public SinkWriter createWriter(SinkContext context) {
        return new CountingWriter();
    }

    /** Discards rows, counting them for the job's progress lines. */
    private static final class CountingWriter implements SinkWriter {
        private long received;

        @Override
        public void write(Row row) {
            received++;
        }

        @Override
        public void flush() {
        }

        @Override
        public void snapshot(long checkpointId) {
        }

        @Override
        public Map<String, Long> metrics() {
            return Map.of("rows-received", received);
        }

        @Override
        public void close() {
        }
    }
}
