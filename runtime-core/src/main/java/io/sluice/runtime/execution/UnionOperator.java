package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;

/** UNION ALL: rows of every input pass unchanged. */
final class UnionOperator implements OneInputOperator {

    @Override
    public void processElement(Row row, Output output) {
        output.emit(row);
    }
}
