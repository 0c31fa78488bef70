package io.sluice.runtime.operators;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.aggregate.KeyedRows;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ON CONFLICT DO NOTHING and DO ERROR: which row of a primary key came first is decided in event
 * time. Changes wait until the watermark passes them (or the input ends); then each primary key's
 * changes are applied at once, so that a -U and its +U in one interval never hand the key to another
 * row, and a row moving from one key to another in one interval is never a conflict.
 *
 * <p>Per primary key the operator keeps the live rows in the order they first came ({@link
 * SinkRowMatching} says which row a change is about). DO NOTHING shows the first: it follows that
 * row's updates and ignores every other row of the key, also when those update, until the first row
 * is deleted; then the next live row shows (nothing is lost: the table never misses a row the query
 * still has for the key). DO ERROR fails as soon as a key has two live rows after an interval, after
 * emitting what the keys before it and the earlier intervals changed.
 */
public final class WatermarkCompactingMaterializerOperator implements OneInputOperator {
    private static final Logger LOG = LoggerFactory.getLogger(WatermarkCompactingMaterializerOperator.class);

    private final SinkRowMatching matching;
    private final boolean failOnConflict;
    private final KeyedRows liveRows = new KeyedRows();
    private LinkedHashMap<Object, List<Row>> pending = new LinkedHashMap<>();
    private String operatorName = "SinkUpsertMaterializer";

    public WatermarkCompactingMaterializerOperator(ExecNodes.SinkUpsertMaterializer node) {
        this.matching = new SinkRowMatching(node);
        this.failOnConflict = "ERROR".equals(node.conflictStrategy());
    }

    @Override
    public void open(OperatorContext context) {
        operatorName = context.operatorName();
    }

    @Override
    public void processElement(Row row, Output output) {
        pending.computeIfAbsent(matching.primaryKeyOf(row), key -> new ArrayList<>()).add(row.copy());
    }

    @Override
    public void processWatermark(long watermark, Output output) {
        compactPending(output);
    }

    @Override
    public void endInput(Output output) {
        compactPending(output);
    }

    private void compactPending(Output output) {
        Map<Object, List<Row>> due = pending;
        pending = new LinkedHashMap<>();
        due.forEach((key, changes) -> compact(key, changes, output));
    }

    private void compact(Object key, List<Row> changes, Output output) {
        List<Row> rows = liveRows.rowsOf(key);
        Row shownBefore = rows.isEmpty() ? null : rows.get(0);
        List<Row> slots = new ArrayList<>(rows);
        for (Row change : changes) {
            if (change.kind().isAccumulate()) {
                accumulate(slots, change);
            } else {
                retract(slots, change);
            }
        }
        rows.clear();
        slots.stream().filter(slot -> slot.kind() == RowKind.INSERT).forEach(rows::add);
        if (failOnConflict && rows.size() > 1) {
            liveRows.removeIfEmpty(key);
            throw conflict(rows);
        }
        emitChange(shownBefore, rows.isEmpty() ? null : rows.get(0), output);
        liveRows.removeIfEmpty(key);
    }

    /**
     * A row takes the place of its match, live or retracted in this interval; an update without one
     * (rows matched on their fields, whose update changes them) takes the place of the row its -U
     * retracted last; anything else comes last.
     */
    private void accumulate(List<Row> slots, Row change) {
        Row live = change.withKind(RowKind.INSERT);
        int match = indexOf(slots, change);
        if (match < 0 && change.kind() == RowKind.UPDATE_AFTER && !matching.byUpsertKey()) {
            match = lastRetracted(slots);
        }
        if (match >= 0) {
            slots.set(match, live);
        } else {
            slots.add(live);
        }
    }

    /** A retracted row keeps its place (as a -D) until the interval ends, so that its +U can take it back. */
    private void retract(List<Row> slots, Row change) {
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i).kind() == RowKind.INSERT && matching.matches(slots.get(i), change)) {
                slots.set(i, slots.get(i).withKind(RowKind.DELETE));
                return;
            }
        }
        LOG.warn("{}: retraction {} matches no row kept for the sink's primary key {}; ignored", operatorName,
                change, matching.keyText(change));
    }

    /** The live match of {@code change}, else a match retracted in this interval, else -1. */
    private int indexOf(List<Row> slots, Row change) {
        int retracted = -1;
        for (int i = 0; i < slots.size(); i++) {
            if (matching.matches(slots.get(i), change)) {
                if (slots.get(i).kind() == RowKind.INSERT) {
                    return i;
                }
                retracted = retracted < 0 ? i : retracted;
            }
        }
        return retracted;
    }

    private static int lastRetracted(List<Row> slots) {
        for (int i = slots.size() - 1; i >= 0; i--) {
            if (slots.get(i).kind() == RowKind.DELETE) {
                return i;
            }
        }
        return -1;
    }

    private static void emitChange(Row before, Row after, Output output) {
        if (before == null && after != null) {
            output.emit(after);
        } else if (before != null && after == null) {
            output.emit(before.withKind(RowKind.DELETE));
        } else if (before != null && !before.equals(after)) {
            output.emit(after.withKind(RowKind.UPDATE_AFTER));
        }
    }

    private IllegalStateException conflict(List<Row> rows) {
        return new IllegalStateException("ON CONFLICT DO ERROR: Primary key constraint violation: "
                + "multiple distinct records with the same primary key detected: the sink's primary key "
                + matching.keyText(rows.get(0)) + " has " + rows.get(0) + " and " + rows.get(1) + ". Use ON CONFLICT "
                + "DO NOTHING to keep the first record, or ON CONFLICT DO DEDUPLICATE to keep the last.");
    }

    @Override
    public Serializable snapshotState() {
        LinkedHashMap<Object, List<Row>> changes = new LinkedHashMap<>();
        pending.forEach((key, rows) -> changes.put(key, new ArrayList<>(rows)));
        return new Snapshot(liveRows.snapshot(), changes);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        liveRows.restore(snapshot.liveRows());
        pending = new LinkedHashMap<>();
        snapshot.pending().forEach((key, rows) -> pending.put(key, new ArrayList<>(rows)));
    }

    private record Snapshot(Serializable liveRows, LinkedHashMap<Object, List<Row>> pending) implements Serializable {
    }
}
