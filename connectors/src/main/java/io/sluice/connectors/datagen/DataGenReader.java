package io.sluice.connectors.datagen;

import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.connectors.generator.EmitSchedule;
import io.sluice.connectors.generator.RowRandom;
import java.util.Map;
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
    private final EmitSchedule schedule;
    private long position;

    DataGenReader(FieldGenerator[] generators, RowRandom random, long rowCount, int subtaskIndex,
                  int parallelism, double nanosPerRow, LongSupplier nanoClock) {
        this.generators = generators;
        this.random = random;
        this.rowCount = rowCount;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
        this.schedule = new EmitSchedule(nanosPerRow, nanoClock);
    }

    @Override
    public Status pollNext(Consumer<Row> output) {
        long rowIndex = subtaskIndex + position * parallelism;
        if (rowIndex >= rowCount) {
            return Status.END_OF_INPUT;
        }
        if (schedule.ahead()) {
            return Status.NOTHING_AVAILABLE;
        }
        output.accept(generate(rowIndex));
        position++;
        return Status.ROW_EMITTED;
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
    public Map<String, Long> position() {
        return Map.of(ROWS, position);
    }

    @Override
    public void seek(Map<String, Long> newPosition) {
        position = newPosition.getOrDefault(ROWS, 0L);
        schedule.restart();
    }
}
