package io.sluice.runtime.operators.rank;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;

/**
 * Top-N per window over insert-only rows that carry their window: each partition keeps only its best
 * {@code rankEnd} rows so far, in order; when the watermark passes the window's end the ranks
 * {@code rankStart..rankEnd} are emitted as inserts, once. Rows of a window already ranked are late:
 * dropped and counted.
 */
public final class WindowRankOperator implements OneInputOperator, LateRowCounter {
    private final ExecNodes.WindowRank node;
    private final KeyProjection partitionKeys;
    private final SortOrder order;
    private TreeMap<Long, LinkedHashMap<Object, ArrayList<Row>>> windows = new TreeMap<>();
    private long watermark = Long.MIN_VALUE;
    private volatile long lateRows;

    public WindowRankOperator(ExecNodes.WindowRank node) {
        this.node = node;
        this.partitionKeys = new KeyProjection(node.partitionKeys());
        this.order = new SortOrder(node.orderBy());
    }

    @Override
    public void processElement(Row row, Output output) {
        Object end = row.field(node.windowEndIndex());
        if (end == null) {
            return;
        }
        long windowEnd = WindowAggOperator.epochMillis(end);
        if (windowEnd <= watermark) {
            lateRows++;
            return;
        }
        List<Row> best = windows.computeIfAbsent(windowEnd, e -> new LinkedHashMap<>())
                .computeIfAbsent(partitionKeys.keyOf(row), k -> new ArrayList<>());
        int position = order.upperBound(best, row);
        if (position < node.rankEnd()) {
            best.add(position, new Row(RowKind.INSERT, row.fields().clone()));
            if (best.size() > node.rankEnd()) {
                best.remove(best.size() - 1);
            }
        }
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        watermark = Math.max(watermark, newWatermark);
        while (!windows.isEmpty() && windows.firstKey() <= watermark) {
            for (List<Row> ranked : windows.pollFirstEntry().getValue().values()) {
                for (int rank = (int) node.rankStart(); rank <= ranked.size(); rank++) {
                    output.emit(ranked(ranked.get(rank - 1), rank));
                }
            }
        }
    }

    private Row ranked(Row row, long rank) {
        if (!node.outputRankNumber()) {
            return row;
        }
        Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 1);
        fields[row.arity()] = rank;
        return new Row(RowKind.INSERT, fields);
    }

    @Override
    public void endInput(Output output) {
        processWatermark(Long.MAX_VALUE, output);
    }

    @Override
    public long lateRowsDropped() {
        return lateRows;
    }

    @Override
    public Serializable snapshotState() {
        TreeMap<Long, LinkedHashMap<Object, ArrayList<Row>>> copy = new TreeMap<>();
        windows.forEach((end, partitions) -> {
            LinkedHashMap<Object, ArrayList<Row>> partitionsCopy = new LinkedHashMap<>();
            partitions.forEach((key, rows) -> partitionsCopy.put(key, new ArrayList<>(rows)));
            copy.put(end, partitionsCopy);
        });
        return new Snapshot(copy, watermark, lateRows);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        windows = snapshot.windows();
        watermark = snapshot.watermark();
        lateRows = snapshot.lateRows();
    }

    private record Snapshot(TreeMap<Long, LinkedHashMap<Object, ArrayList<Row>>> windows, long watermark,
                            long lateRows) implements Serializable {
    }
}
