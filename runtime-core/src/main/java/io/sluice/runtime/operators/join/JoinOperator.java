package io.sluice.runtime.operators.join;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.JoinCondition;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.TwoInputOperator;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import java.io.Serializable;
import java.util.List;

/**
 * A regular stream join with retraction, as Flink's StreamingJoinOperator: each side keeps its rows
 * per join key; a row joins the other side's rows that have its key and pass the non-equi condition.
 * An outer side emits its row padded with NULLs while it has no match, retracts that row when the
 * first match arrives and emits it again when the last match goes. Rows with a NULL key never match.
 */
public final class JoinOperator implements TwoInputOperator {
    private final ExecNodes.Join node;
    private final Side left;
    private final Side right;
    private JoinCondition condition;

    public JoinOperator(ExecNodes.Join node) {
        this.node = node;
        JoinType type = node.joinType();
        boolean full = type == JoinType.FULL;
        this.left = new Side(new KeyProjection(node.leftKeys()), full || type == JoinType.LEFT, true);
        this.right = new Side(new KeyProjection(node.rightKeys()), full || type == JoinType.RIGHT, false);
    }

    /** One input: its key, whether it is an outer side, and its rows. */
    private record Side(KeyProjection keys, boolean outer, boolean isLeft, JoinRecordStore store) {
        Side(KeyProjection keys, boolean outer, boolean isLeft) {
            this(keys, outer, isLeft, new JoinRecordStore());
        }
    }

    @Override
    public void open(OperatorContext context) {
        condition = node.nonEquiCondition() == null ? (l, r) -> true
                : ClassCompiler.newInstance(node.nonEquiCondition(), JoinCondition.class);
    }

    @Override
    public void processLeft(Row row, Output output) {
        process(row, left, right, output);
    }

    @Override
    public void processRight(Row row, Output output) {
        process(row, right, left, output);
    }

    private void process(Row input, Side side, Side other, Output output) {
        boolean accumulate = input.kind().isAccumulate();
        if (side.keys().hasNull(input)) {
            if (side.outer()) {
                output.emit(padded(accumulate ? RowKind.INSERT : RowKind.DELETE, input, side));
            }
            return;
        }
        Object key = side.keys().keyOf(input);
        List<JoinRecordStore.Record> matches = other.store().matching(key,
                candidate -> side.isLeft() ? condition.test(input, candidate) : condition.test(candidate, input));
        if (accumulate) {
            side.store().add(key, input, countCopies(matches));
            onAccumulate(input, side, other, matches, output);
        } else if (side.store().remove(key, input)) {
            onRetract(input, side, other, matches, output);
        }
    }

    private void onAccumulate(Row input, Side side, Side other, List<JoinRecordStore.Record> matches, Output output) {
        if (matches.isEmpty()) {
            if (side.outer()) {
                output.emit(padded(RowKind.INSERT, input, side));
            }
            return;
        }
        if (other.outer()) {
            for (JoinRecordStore.Record match : matches) {
                if (match.associations++ == 0) {
                    emitCopies(padded(RowKind.DELETE, match.row, other), match.copies, output);
                }
            }
        }
        RowKind kind = side.outer() || other.outer() ? RowKind.INSERT : input.kind();
        emitJoined(kind, input, side, matches, output);
    }

    private void onRetract(Row input, Side side, Side other, List<JoinRecordStore.Record> matches, Output output) {
        if (matches.isEmpty()) {
            if (side.outer()) {
                output.emit(padded(RowKind.DELETE, input, side));
            }
            return;
        }
        emitJoined(side.outer() ? RowKind.DELETE : input.kind(), input, side, matches, output);
        if (other.outer()) {
            for (JoinRecordStore.Record match : matches) {
                if (--match.associations == 0) {
                    emitCopies(padded(RowKind.INSERT, match.row, other), match.copies, output);
                }
            }
        }
    }

    private void emitJoined(RowKind kind, Row input, Side side, List<JoinRecordStore.Record> matches, Output output) {
        for (JoinRecordStore.Record match : matches) {
            Row joined = side.isLeft() ? joined(kind, input, match.row) : joined(kind, match.row, input);
            emitCopies(joined, match.copies, output);
        }
    }

    private static void emitCopies(Row row, long copies, Output output) {
        for (long i = 0; i < copies; i++) {
            output.emit(row);
        }
    }

    private static long countCopies(List<JoinRecordStore.Record> records) {
        long copies = 0;
        for (JoinRecordStore.Record record : records) {
            copies += record.copies;
        }
        return copies;
    }

    private Row joined(RowKind kind, Row leftRow, Row rightRow) {
        return JoinedRows.joined(kind, leftRow.fields(), rightRow.fields());
    }

    /** {@code row} of {@code side} with NULLs for the other side's fields. */
    private Row padded(RowKind kind, Row row, Side side) {
        return JoinedRows.padded(kind, row.fields(), node.outputType().arity(), side.isLeft());
    }

    @Override
    public Serializable snapshotState() {
        return new Serializable[] {left.store().snapshot(), right.store().snapshot()};
    }

    @Override
    public void restoreState(Serializable state) {
        Serializable[] sides = (Serializable[]) state;
        left.store().restore(sides[0]);
        right.store().restore(sides[1]);
    }
}
