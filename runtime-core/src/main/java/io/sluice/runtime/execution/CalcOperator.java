package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;

/** Projection and filter through the plan's generated {@link CalcFunction}. */
final class CalcOperator implements OneInputOperator {
    private final ExecNodes.Calc node;
    private CalcFunction function;

    CalcOperator(ExecNodes.Calc node) {
        this.node = node;
    }

    @Override
    public void open(OperatorContext context) {
        function = ClassCompiler.newInstance(node.function(), CalcFunction.class);
    }

    @Override
    public void processElement(Row row, Output output) {
        Row result = function.apply(row);
        if (result != null) {
            output.emit(result);
        }
    }
}
