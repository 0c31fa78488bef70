package io.sluice.runtime.operators.join;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;

/** The output rows of the joins: a left row's fields followed by a right row's, or one side padded with NULLs. */
final class JoinedRows {
    private JoinedRows() {
    }

    static Row joined(RowKind kind, Object[] left, Object[] right) {
        Object[] fields = new Object[left.length + right.length];
        System.arraycopy(left, 0, fields, 0, left.length);
        System.arraycopy(right, 0, fields, left.length, right.length);
        return new Row(kind, fields);
    }

    /** {@code side}'s fields in a row of {@code width} fields, first when {@code isLeft}, last otherwise. */
    static Row padded(RowKind kind, Object[] side, int width, boolean isLeft) {
        Object[] fields = new Object[width];
        System.arraycopy(side, 0, fields, isLeft ? 0 : width - side.length, side.length);
        return new Row(kind, fields);
    }
}
