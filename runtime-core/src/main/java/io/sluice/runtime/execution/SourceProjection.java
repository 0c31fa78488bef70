package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;

/** The operator of a source node: narrows the reader's full table rows to the columns the plan reads. */
final class SourceProjection implements OneInputOperator {
    private final int[] fields;

    SourceProjection(ExecNodes.Source node) {
        int[] projected = node.projectedFields();
        this.fields = isIdentity(projected, node.schema().columnCount()) ? null : projected;
    }

    private static boolean isIdentity(int[] projected, int columnCount) {
        if (projected == null) {
            return true;
        }
        if (projected.length != columnCount) {
            return false;
        }
        for (int i = 0; i < projected.length; i++) {
            if (projected[i] != i) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void processElement(Row row, Output output) {
        if (fields == null) {
            output.emit(row);
            return;
        }
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = row.field(fields[i]);
        }
        output.emit(new Row(row.kind(), values));
    }
}
