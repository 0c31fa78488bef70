package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import java.util.function.Consumer;

/** The root of a plain SELECT (parallelism 1): hands a copy of every change to the caller, in order. */
final class CollectOperator implements OneInputOperator {
    private final Consumer<Row> collectOutput;

    CollectOperator(Consumer<Row> collectOutput) {
        this.collectOutput = collectOutput;
    }

    @Override
    public void processElement(Row row, Output output) {
        collectOutput.accept(row.copy());
    }
}
