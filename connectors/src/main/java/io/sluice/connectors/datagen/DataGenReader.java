package io.sluice.connectors.datagen;

import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Generates one subtask's rows at its share of {@code rows-per-second}. Its position is the number of
 * rows it emitted; the next row's index follows from it, so a restore regenerates the same rows.
 */
final class DataGenReader implements SourceReader {
    private final FieldGenerator[] generators;
    private final RowRandom random;
    private final long rowCount;
    private final int subtaskIndex;
    private final int parallelism;
    private final double nanosPerRow;
    private final LongSupplier nanoClock;
    private long position;
    private boolean scheduleStarted;
    private long scheduleStartNanos;
    private long emittedOnSchedule;
    private long dueWithoutClock;

    DataGenReader(FieldGenerator[] generators, RowRandom random, long rowCount, int subtaskIndex,
                  int parallelism, double nanosPerRow, LongSupplier nanoClock) {
        this.generators = generators;
        this.random = random;
        this.rowCount = rowCount;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
        this.nanosPerRow = nanosPerRow;
        this.nanoClock = nanoClock;
    }

    @Override
    public Status pollNext(Consumer<Row> output) {
        long rowIndex = subtaskIndex + position * parallelism;
        if (rowIndex >= rowCount) {
            return Status.END_OF_INPUT;
        }
        if (aheadOfSchedule()) {
            return Status.NOTHING_AVAILABLE;
        }
        output.accept(generate(rowIndex));
        position++;
        emittedOnSchedule++;
        return Status.ROW_EMITTED;
    }

    /**
     * True when emitting now would exceed the rate; the runtime then calls again later. One reading of
     * the clock tells how many rows are due, and those are emitted without reading it again (a clock
     * read per row costs more than generating a row at a high rate).
     */
    private boolean aheadOfSchedule() {
        if (dueWithoutClock > 0) {
            dueWithoutClock--;
            return false;
        }
        long now = nanoClock.getAsLong();
        if (!scheduleStarted) {
            scheduleStarted = true;
            scheduleStartNanos = now;
        }
        long elapsed = now - scheduleStartNanos;
        if (elapsed < (long) (emittedOnSchedule * nanosPerRow)) {
            return true;
        }
        long lastDue = (long) (elapsed / nanosPerRow);
        if ((long) (lastDue * nanosPerRow) > elapsed) {
            lastDue--;
        }
        dueWithoutClock = Math.max(0, lastDue - emittedOnSchedule);
        return false;
    }

    private Row generate(long rowIndex) {
        random.startRow(rowIndex);
        Object[] values = new Object[generators.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = generators[i].value(rowIndex, random);
        }
        return new Row(RowKind.INSERT, values);
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void seek(long newPosition) {
        position = newPosition;
        scheduleStarted = false;
        emittedOnSchedule = 0;
        dueWithoutClock = 0;
    }
}
