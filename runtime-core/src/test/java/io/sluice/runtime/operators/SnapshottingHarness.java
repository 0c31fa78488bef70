package io.sluice.runtime.operators;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Drives one operator like the engine does and, after every call, snapshots its state through Java
 * serialization, throws the instance away and restores a fresh one: state that an operator forgot to
 * save shows up as a wrong changelog (the trick of hazelcast-jet's test harness).
 */
public final class SnapshottingHarness<T extends StreamOperator> {
    private final Supplier<T> factory;
    private final List<Row> output = new ArrayList<>();
    private long now;
    private T operator;

    private SnapshottingHarness(Supplier<T> factory) throws Exception {
        this.factory = factory;
        this.operator = openNew();
    }

    public static <T extends StreamOperator> SnapshottingHarness<T> of(Supplier<T> factory) throws Exception {
        return new SnapshottingHarness<>(factory);
    }

    /** One step against the current instance, then snapshot and restore into a new one. */
    public SnapshottingHarness<T> step(Step<T> step) throws Exception {
        step.run(operator, row -> output.add(row.copy()));
        Serializable saved = roundTrip(operator.snapshotState());
        operator.close();
        operator = openNew();
        if (saved != null) {
            operator.restoreState(saved);
        }
        return this;
    }

    public SnapshottingHarness<T> process(Row... rows) throws Exception {
        for (Row row : rows) {
            step((op, out) -> ((OneInputOperator) op).processElement(row, out));
        }
        return this;
    }

    public SnapshottingHarness<T> left(Row row) throws Exception {
        return step((op, out) -> ((TwoInputOperator) op).processLeft(row, out));
    }

    public SnapshottingHarness<T> right(Row row) throws Exception {
        return step((op, out) -> ((TwoInputOperator) op).processRight(row, out));
    }

    public SnapshottingHarness<T> endOfBundle() throws Exception {
        return step(StreamOperator::endOfBundle);
    }

    public SnapshottingHarness<T> watermark(long watermark) throws Exception {
        return step((op, out) -> op.processWatermark(watermark, out));
    }

    public SnapshottingHarness<T> endInput() throws Exception {
        return step(StreamOperator::endInput);
    }

    /** Moves the processing-time clock forward. */
    public SnapshottingHarness<T> advanceClock(long millis) {
        now += millis;
        return this;
    }

    public T operator() {
        return operator;
    }

    /** The rows emitted since the last call, in Flink's text form. */
    public List<String> takeOutput() {
        return takeRows().stream().map(Row::toString).toList();
    }

    /** The rows emitted since the last call. */
    public List<Row> takeRows() {
        List<Row> taken = List.copyOf(output);
        output.clear();
        return taken;
    }

    private T openNew() throws Exception {
        T created = factory.get();
        created.open(new OperatorContext("test operator", 0, 1, Map.of(), () -> now));
        return created;
    }

    private static Serializable roundTrip(Serializable state) throws IOException, ClassNotFoundException {
        if (state == null) {
            return null;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(state);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Serializable) in.readObject();
        }
    }

    /** One call into the operator. */
    @FunctionalInterface
    public interface Step<T> {
        void run(T operator, Output output) throws Exception;
    }

    public static Row insert(Object... fields) {
        return Row.of(RowKind.INSERT, fields);
    }

    public static Row updateBefore(Object... fields) {
        return Row.of(RowKind.UPDATE_BEFORE, fields);
    }

    public static Row updateAfter(Object... fields) {
        return Row.of(RowKind.UPDATE_AFTER, fields);
    }

    public static Row delete(Object... fields) {
        return Row.of(RowKind.DELETE, fields);
    }
}
