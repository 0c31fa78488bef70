package io.sluice.runtime.operators.join;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.JoinCondition;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.TwoInputOperator;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An interval join of two insert-only inputs: a left row at time {@code lt} matches the right rows of
 * its key at {@code rt} with {@code lowerMillis <= lt - rt <= upperMillis} that pass the condition. Each
 * row is kept only while a row of the other side can still match it: a row at the watermark (the
 * smaller of both inputs') is not late, so a row goes once the watermark is past the last time a match
 * can have, and a row of an outer side that never matched is then emitted with NULLs. Output is
 * insert-only.
 */
public final class IntervalJoinOperator implements TwoInputOperator {
    private final ExecNodes.IntervalJoin node;
    private final Side left;
    private final Side right;
    private JoinCondition condition;
    private long watermark = Long.MIN_VALUE;

    public IntervalJoinOperator(ExecNodes.IntervalJoin node) {
        this.node = node;
        JoinType type = node.joinType();
        boolean full = type == JoinType.FULL;
        // a left row waits for right rows up to lt - lower; a right row for left rows up to rt + upper
        this.left = new Side(new KeyProjection(node.leftKeys()), node.leftTimeIndex(), full || type == JoinType.LEFT,
                -node.lowerMillis());
        this.right = new Side(new KeyProjection(node.rightKeys()), node.rightTimeIndex(),
                full || type == JoinType.RIGHT, node.upperMillis());
    }

    @Override
    public void open(OperatorContext context) {
        condition = node.condition() == null ? (l, r) -> true
                : ClassCompiler.newInstance(node.condition(), JoinCondition.class);
    }

    @Override
    public void processLeft(Row row, Output output) {
        process(row, left, right, true, output);
    }

    @Override
    public void processRight(Row row, Output output) {
        process(row, right, left, false, output);
    }

    private void process(Row row, Side side, Side other, boolean isLeft, Output output) {
        Object time = row.field(side.timeIndex);
        if (time == null || side.keys.hasNull(row)) {
            if (side.outer) {
                output.emit(padded(row, isLeft));
            }
            return;
        }
        Entry entry = new Entry(row.copy(), WindowAggOperator.epochMillis(time));
        Object key = side.keys.keyOf(row);
        for (Entry candidate : other.rows.getOrDefault(key, List.of())) {
            if (isLeft ? condition.test(entry.row, candidate.row) : condition.test(candidate.row, entry.row)) {
                output.emit(isLeft ? joined(entry.row, candidate.row) : joined(candidate.row, entry.row));
                entry.matched = true;
                candidate.matched = true;
            }
        }
        long expiry = entry.time + side.waitMillis;
        if (expiry < watermark) {
            if (side.outer && !entry.matched) {
                output.emit(padded(entry.row, isLeft));
            }
            return;
        }
        side.rows.computeIfAbsent(key, k -> new ArrayList<>()).add(entry);
        side.byExpiry.computeIfAbsent(expiry, t -> new ArrayList<>()).add(new Keyed(key, entry));
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        watermark = Math.max(watermark, newWatermark);
        expire(left, true, output);
        expire(right, false, output);
    }

    @Override
    public void endInput(Output output) {
        processWatermark(Long.MAX_VALUE, output);
    }

    private void expire(Side side, boolean isLeft, Output output) {
        while (!side.byExpiry.isEmpty() && side.byExpiry.firstKey() < watermark) {
            for (Keyed expired : side.byExpiry.pollFirstEntry().getValue()) {
                List<Entry> rows = side.rows.get(expired.key);
                rows.remove(expired.entry);
                if (rows.isEmpty()) {
                    side.rows.remove(expired.key);
                }
                if (side.outer && !expired.entry.matched) {
                    output.emit(padded(expired.entry.row, isLeft));
                }
            }
        }
    }

    private Row padded(Row row, boolean isLeft) {
        return JoinedRows.padded(RowKind.INSERT, row.fields(), node.outputType().names().size(), isLeft);
    }

    private static Row joined(Row leftRow, Row rightRow) {
        return JoinedRows.joined(RowKind.INSERT, leftRow.fields(), rightRow.fields());
    }

    @Override
    public Serializable snapshotState() {
        return new Snapshot(left.entries(), right.entries(), watermark);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        watermark = snapshot.watermark();
        left.restore(snapshot.left());
        right.restore(snapshot.right());
    }

    private record Snapshot(ArrayList<Entry> left, ArrayList<Entry> right, long watermark) implements Serializable {
    }

    /** One input's rows still waiting for matches, by key and by the time they expire. */
    private static final class Side {
        final KeyProjection keys;
        final int timeIndex;
        final boolean outer;
        /** How long after its own time a row can still be matched. */
        final long waitMillis;
        final Map<Object, List<Entry>> rows = new HashMap<>();
        final TreeMap<Long, List<Keyed>> byExpiry = new TreeMap<>();

        Side(KeyProjection keys, int timeIndex, boolean outer, long waitMillis) {
            this.keys = keys;
            this.timeIndex = timeIndex;
            this.outer = outer;
            this.waitMillis = waitMillis;
        }

        /** Copies: a snapshot must not change when a row matches later. */
        ArrayList<Entry> entries() {
            ArrayList<Entry> all = new ArrayList<>();
            rows.values().forEach(entries -> entries.forEach(entry -> all.add(entry.copy())));
            return all;
        }

        void restore(List<Entry> entries) {
            rows.clear();
            byExpiry.clear();
            for (Entry entry : entries) {
                Object key = keys.keyOf(entry.row);
                rows.computeIfAbsent(key, k -> new ArrayList<>()).add(entry);
                byExpiry.computeIfAbsent(entry.time + waitMillis, t -> new ArrayList<>()).add(new Keyed(key, entry));
            }
        }
    }

    /** A waiting row, its time, and whether it matched a row of the other side. */
    private static final class Entry implements Serializable {
        final Row row;
        final long time;
        boolean matched;

        Entry(Row row, long time) {
            this.row = row;
            this.time = time;
        }

        Entry copy() {
            Entry copy = new Entry(row, time);
            copy.matched = matched;
            return copy;
        }
    }

    private record Keyed(Object key, Entry entry) {
    }
}
