package io.sluice.runtime.operators.rank;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.operators.window.WindowedState;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
    private final WindowedState<ArrayList<Row>> windows = new WindowedState<>();

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
        List<Row> best = windows.stateOf(WindowAggOperator.epochMillis(end), partitionKeys.keyOf(row), ArrayList::new);
        if (best == null) {
            return;
        }
        int position = node.lastRowByRowtime() ? order.lowerBound(best, row) : order.upperBound(best, row);
        if (position < node.rankEnd()) {
            best.add(position, new Row(RowKind.INSERT, row.fields().clone()));
            if (best.size() > node.rankEnd()) {
                best.remove(best.size() - 1);
            }
        }
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        windows.advance(newWatermark, ranked -> {
            for (int rank = (int) node.rankStart(); rank <= ranked.size(); rank++) {
                output.emit(ranked(ranked.get(rank - 1), rank));
            }
        });
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
        return windows.lateRows();
    }

    @Override
    public Serializable snapshotState() {
        return windows.snapshot(ArrayList::new);
    }

    @Override
    public void restoreState(Serializable state) {
        windows.restore(state);
    }
}
