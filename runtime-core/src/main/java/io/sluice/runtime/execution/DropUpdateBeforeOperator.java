package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;

/** Drops a source's -U rows, which no consumer of this node needs; passes every other row. */
final class DropUpdateBeforeOperator implements OneInputOperator {
    @Override
    public void processElement(Row row, Output output) {
        if (row.kind() != RowKind.UPDATE_BEFORE) {
            output.emit(row);
        }
    }
}
