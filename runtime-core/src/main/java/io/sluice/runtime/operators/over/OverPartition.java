package io.sluice.runtime.operators.over;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.Accumulators;
import io.sluice.runtime.operators.rank.SortOrder;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of one OVER partition in order, and what was emitted for them. Append-only partitions keep
 * only the rows a later frame can reach (none for UNBOUNDED PRECEDING, which keeps running
 * accumulators instead); changelog partitions keep every row and the output emitted for it, to
 * retract it when its frame changes.
 */
final class OverPartition {
    private final OverAggOperator.OverFrame frame;
    private final SortOrder order;
    private final Accumulators prototype;
    private final int aggregateCount;
    private final List<Row> rows;
    private final List<Row> emitted;
    private final Accumulators running;
    private final boolean updateBefore;

    /** @param updateBefore whether a changed row's old output is retracted with -U before its +U */
    OverPartition(OverAggOperator.OverFrame frame, SortOrder order, Accumulators prototype, int aggregateCount,
                  boolean updateBefore) {
        this(frame, order, prototype, aggregateCount, updateBefore, new ArrayList<>(), new ArrayList<>(),
                prototype.newEmpty());
    }

    private OverPartition(OverAggOperator.OverFrame frame, SortOrder order, Accumulators prototype, int aggregateCount,
                          boolean updateBefore, List<Row> rows, List<Row> emitted, Accumulators running) {
        this.frame = frame;
        this.order = order;
        this.prototype = prototype;
        this.aggregateCount = aggregateCount;
        this.rows = rows;
        this.emitted = emitted;
        this.running = running;
        this.updateBefore = updateBefore;
    }

    /** Appends rows that come after every row so far (peers of one another when more than one), emitting each. */
    void append(List<Row> peers, Output output) {
        if (frame.unbounded()) {
            appendUnbounded(peers, output);
            return;
        }
        peers.forEach(row -> rows.add(asInsert(row)));
        for (int i = rows.size() - peers.size(); i < rows.size(); i++) {
            output.emit(withAggregates(i, RowKind.INSERT));
        }
        forgetUnreachable();
    }

    private void appendUnbounded(List<Row> peers, Output output) {
        if (!frame.rows()) {
            peers.forEach(running::accumulate);
        }
        for (Row row : peers) {
            if (frame.rows()) {
                running.accumulate(row);
            }
            output.emit(joined(row, running, RowKind.INSERT));
        }
    }

    /** A later row's frame starts at most {@code preceding} rows or milliseconds before the newest row. */
    private void forgetUnreachable() {
        int keep;
        if (frame.rows()) {
            keep = (int) Math.min(rows.size(), frame.preceding());
        } else {
            long oldestReachable = frame.time(rows.get(rows.size() - 1)) - frame.preceding();
            keep = rows.size();
            while (keep > 0 && frame.time(rows.get(rows.size() - keep)) < oldestReachable) {
                keep--;
            }
        }
        rows.subList(0, rows.size() - keep).clear();
    }

    /** Applies a change of an updating input: re-emits every row whose frame it changed. */
    void apply(Row change, Output output) {
        int position;
        if (change.kind().isAccumulate()) {
            position = upperBound(change);
            rows.add(position, asInsert(change));
            emitted.add(position, null);
        } else {
            position = find(change);
            if (position < 0) {
                return;
            }
            rows.remove(position);
            Row retracted = emitted.remove(position);
            if (retracted != null && (updateBefore || change.kind() == RowKind.DELETE)) {
                output.emit(OverAggOperator.withKind(change.kind(), retracted));
            }
        }
        int first = frame.rows() ? position : lowerBound(change);
        for (int i = first; i <= lastReached(position, change); i++) {
            reemit(i, i == position && change.kind().isAccumulate() ? change.kind() : null, output);
        }
    }

    /** Emits row {@code i} with its current aggregates: as {@code kind} when new, else -U/+U when they changed. */
    private void reemit(int i, RowKind kind, Output output) {
        Row previous = emitted.get(i);
        if (kind != null || previous == null) {
            Row row = withAggregates(i, kind != null ? kind : RowKind.INSERT);
            emitted.set(i, asInsert(row));
            output.emit(row);
            return;
        }
        Row current = withAggregates(i, RowKind.UPDATE_AFTER);
        if (!Arrays.equals(previous.fields(), current.fields())) {
            if (updateBefore) {
                output.emit(OverAggOperator.withKind(RowKind.UPDATE_BEFORE, previous));
            }
            output.emit(current);
            emitted.set(i, asInsert(current));
        }
    }

    /** The last row whose frame can hold the row changed at {@code position}. */
    private int lastReached(int position, Row change) {
        int last = rows.size() - 1;
        if (frame.unbounded()) {
            return last;
        }
        if (frame.rows()) {
            return (int) Math.min(last, position + frame.preceding());
        }
        long reach = frame.time(change) + frame.preceding();
        int i = position - 1;
        while (i < last && frame.time(rows.get(i + 1)) <= reach) {
            i++;
        }
        return i;
    }

    private Row withAggregates(int i, RowKind kind) {
        Accumulators accumulators = prototype.newEmpty();
        int end = frame.rows() ? i : lastPeer(i);
        for (int j = frameStart(i); j <= end; j++) {
            accumulators.accumulate(rows.get(j));
        }
        return joined(rows.get(i), accumulators, kind);
    }

    private int frameStart(int i) {
        if (frame.unbounded()) {
            return 0;
        }
        if (frame.rows()) {
            return (int) Math.max(0, i - frame.preceding());
        }
        long from = frame.time(rows.get(i)) - frame.preceding();
        int start = i;
        while (start > 0 && frame.time(rows.get(start - 1)) >= from) {
            start--;
        }
        return start;
    }

    private int lastPeer(int i) {
        int last = i;
        while (last + 1 < rows.size() && order.compare(rows.get(last + 1), rows.get(i)) == 0) {
            last++;
        }
        return last;
    }

    private Row joined(Row row, Accumulators accumulators, RowKind kind) {
        Object[] fields = Arrays.copyOf(row.fields(), row.arity() + aggregateCount);
        accumulators.writeValues(fields, row.arity());
        return new Row(kind, fields);
    }

    private int lowerBound(Row row) {
        return order.lowerBound(rows, row);
    }

    private int upperBound(Row row) {
        return order.upperBound(rows, row);
    }

    /** The position of a row equal to {@code row}, or -1. */
    private int find(Row row) {
        for (int i = lowerBound(row); i < rows.size() && order.compare(rows.get(i), row) == 0; i++) {
            if (Arrays.equals(rows.get(i).fields(), row.fields())) {
                return i;
            }
        }
        return -1;
    }

    /** A copy to keep: rows handed to an operator may be reused by the one before it. */
    private static Row asInsert(Row row) {
        return OverAggOperator.withKind(RowKind.INSERT, row);
    }

    Snapshot snapshot() {
        Object[] partial = new Object[running.partialArity()];
        running.writePartial(partial, 0);
        return new Snapshot(new ArrayList<>(rows), new ArrayList<>(emitted), partial);
    }

    static OverPartition restore(Snapshot snapshot, OverAggOperator.OverFrame frame, SortOrder order,
                                 Accumulators prototype, int aggregateCount, boolean updateBefore) {
        Accumulators running = prototype.newEmpty();
        running.merge(snapshot.running(), 0);
        return new OverPartition(frame, order, prototype, aggregateCount, updateBefore, new ArrayList<>(snapshot.rows()),
                new ArrayList<>(snapshot.emitted()), running);
    }

    record Snapshot(ArrayList<Row> rows, ArrayList<Row> emitted, Object[] running) implements Serializable {
    }
}
