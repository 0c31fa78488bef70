package io.sluice.runtime.operators.join;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.JoinCondition;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.TwoInputOperator;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.operators.window.WindowedState;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A window join: both inputs' rows are kept per window end and key until the watermark passes the end;
 * then each key's rows are joined (matches that pass the condition, NULL-padded rows of an outer side
 * that matched nothing) and the window is forgotten. Rows of a window already joined are late: dropped
 * and counted.
 */
public final class WindowJoinOperator implements TwoInputOperator, LateRowCounter {
    private final ExecNodes.WindowJoin node;
    private final KeyProjection leftKeys;
    private final KeyProjection rightKeys;
    private final int leftWidth;
    private final int rightWidth;
    private JoinCondition condition;
    private final WindowedState<Pair> windows = new WindowedState<>();

    public WindowJoinOperator(ExecNodes.WindowJoin node) {
        this.node = node;
        this.leftKeys = new KeyProjection(node.leftKeys());
        this.rightKeys = new KeyProjection(node.rightKeys());
        this.leftWidth = node.left().outputType().names().size();
        this.rightWidth = node.right().outputType().names().size();
    }

    @Override
    public void open(OperatorContext context) {
        condition = node.condition() == null ? (l, r) -> true
                : ClassCompiler.newInstance(node.condition(), JoinCondition.class);
    }

    @Override
    public void processLeft(Row row, Output output) {
        add(row, true, output);
    }

    @Override
    public void processRight(Row row, Output output) {
        add(row, false, output);
    }

    private void add(Row row, boolean isLeft, Output output) {
        KeyProjection keys = isLeft ? leftKeys : rightKeys;
        Object end = row.field(isLeft ? node.leftWindowEnd() : node.rightWindowEnd());
        if (end == null) {
            if (isLeft ? leftOuter() : rightOuter()) {
                output.emit(padded(row, isLeft));
            }
            return;
        }
        Object key = !keys.hasNull(row) ? keys.keyOf(row) : isLeft ? NullKey.LEFT : NullKey.RIGHT;
        Pair pair = windows.stateOf(WindowAggOperator.epochMillis(end), key, Pair::new);
        if (pair != null) {
            (isLeft ? pair.left : pair.right).add(row.copy());
        }
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        windows.advance(newWatermark, pair -> join(pair, output));
    }

    @Override
    public void endInput(Output output) {
        processWatermark(Long.MAX_VALUE, output);
    }

    private void join(Pair pair, Output output) {
        boolean[] rightMatched = new boolean[pair.right.size()];
        for (Row left : pair.left) {
            boolean matched = false;
            for (int i = 0; i < pair.right.size(); i++) {
                Row right = pair.right.get(i);
                if (condition.test(left, right)) {
                    output.emit(joined(left.fields(), right.fields()));
                    matched = true;
                    rightMatched[i] = true;
                }
            }
            if (!matched && leftOuter()) {
                output.emit(padded(left, true));
            }
        }
        if (rightOuter()) {
            for (int i = 0; i < pair.right.size(); i++) {
                if (!rightMatched[i]) {
                    output.emit(padded(pair.right.get(i), false));
                }
            }
        }
    }

    private boolean leftOuter() {
        return node.joinType() == JoinType.LEFT || node.joinType() == JoinType.FULL;
    }

    private boolean rightOuter() {
        return node.joinType() == JoinType.RIGHT || node.joinType() == JoinType.FULL;
    }

    private Row padded(Row row, boolean isLeft) {
        return isLeft ? joined(row.fields(), new Object[rightWidth]) : joined(new Object[leftWidth], row.fields());
    }

    private static Row joined(Object[] left, Object[] right) {
        return JoinedRows.joined(RowKind.INSERT, left, right);
    }

    @Override
    public long lateRowsDropped() {
        return windows.lateRows();
    }

    @Override
    public Serializable snapshotState() {
        return windows.snapshot(Pair::copy);
    }

    @Override
    public void restoreState(Serializable state) {
        windows.restore(state);
    }

    /**
     * The key of a side's rows whose join key holds a NULL: they match nothing, but wait for their window
     * like any row (so a late one is dropped, and an outer side's are padded when the window fires).
     */
    private enum NullKey { LEFT, RIGHT }

    /** One key's rows of one window, per side. */
    private static final class Pair implements Serializable {
        final List<Row> left = new ArrayList<>();
        final List<Row> right = new ArrayList<>();

        Pair copy() {
            Pair copy = new Pair();
            copy.left.addAll(left);
            copy.right.addAll(right);
            return copy;
        }
    }
}
