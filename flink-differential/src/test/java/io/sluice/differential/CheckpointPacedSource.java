package io.sluice.differential;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource.NumberSequenceSplit;
import org.apache.flink.connector.datagen.functions.FromElementsGeneratorFunction;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.io.InputStatus;

/**
 * Reads a list of rows one row per checkpoint: the first at once, each next one after the source took
 * the following checkpoint, whose barrier it sends before that. So each row travels in its own
 * checkpoint epoch, and an operator with two inputs fed by this source (a self-join) aligns the
 * barriers of both: it takes everything the row and its watermark cause on one input, and on the other,
 * before anything of the next row. Without that, which of its inputs such an operator reads first is
 * up to the network, and a row can meet a watermark its own input had not sent yet.
 */
final class CheckpointPacedSource<T> extends DataGeneratorSource<T> {

    CheckpointPacedSource(List<T> rows, TypeInformation<T> type, ExecutionConfig config) {
        super(new FromElementsGeneratorFunction<>(type, config, rows), rows.size(), type);
    }

    @Override
    public SourceReader<T, NumberSequenceSplit> createReader(SourceReaderContext context) throws Exception {
        return new OneRowPerCheckpoint<>(super.createReader(context));
    }

    /** Lets a reader emit one row, then one more after each checkpoint taken since. */
    private static final class OneRowPerCheckpoint<T> implements SourceReader<T, NumberSequenceSplit> {
        private final SourceReader<T, NumberSequenceSplit> reader;
        private int permits = 1;
        private CompletableFuture<Void> nextCheckpoint = new CompletableFuture<>();

        OneRowPerCheckpoint(SourceReader<T, NumberSequenceSplit> reader) {
            this.reader = reader;
        }

        @Override
        public void start() {
            reader.start();
        }

        @Override
        public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
            if (permits == 0) {
                return InputStatus.NOTHING_AVAILABLE;
            }
            InputStatus status = reader.pollNext(new Counting<>(output, this));
            return status == InputStatus.MORE_AVAILABLE && permits == 0 ? InputStatus.NOTHING_AVAILABLE : status;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            if (permits > 0) {
                return reader.isAvailable();
            }
            if (nextCheckpoint.isDone()) {
                nextCheckpoint = new CompletableFuture<>();
            }
            return nextCheckpoint;
        }

        /** A checkpoint lets one row go, never more: two checkpoints in a row must not let two rows share an epoch. */
        @Override
        public List<NumberSequenceSplit> snapshotState(long checkpointId) {
            permits = 1;
            nextCheckpoint.complete(null);
            return reader.snapshotState(checkpointId);
        }

        @Override
        public void addSplits(List<NumberSequenceSplit> splits) {
            reader.addSplits(splits);
        }

        @Override
        public void notifyNoMoreSplits() {
            reader.notifyNoMoreSplits();
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) throws Exception {
            reader.notifyCheckpointComplete(checkpointId);
        }

        @Override
        public void close() throws Exception {
            reader.close();
        }
    }

    /** Takes a permit for each row the reader emits. */
    private record Counting<T>(ReaderOutput<T> output, OneRowPerCheckpoint<T> pacing) implements ReaderOutput<T> {
        @Override
        public void collect(T row) {
            pacing.permits--;
            output.collect(row);
        }

        @Override
        public void collect(T row, long timestamp) {
            pacing.permits--;
            output.collect(row, timestamp);
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            output.emitWatermark(watermark);
        }

        @Override
        public void markIdle() {
            output.markIdle();
        }

        @Override
        public void markActive() {
            output.markActive();
        }

        @Override
        public SourceOutput<T> createOutputForSplit(String splitId) {
            return output.createOutputForSplit(splitId);
        }

        @Override
        public void releaseOutputForSplit(String splitId) {
            output.releaseOutputForSplit(splitId);
        }
    }
}
