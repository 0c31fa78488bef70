package io.sluice.runtime.operators.correlate;

import io.sluice.api.data.Row;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.CorrelateFunction;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.util.Arrays;

/**
 * A row joined with the rows a table function produces for it ({@code LATERAL TABLE}), each with the
 * row's kind, so an update or delete takes back what the function gave for the old row; a LEFT join
 * pads a row the function gave nothing for with NULLs. Keeps no state.
 */
public final class CorrelateOperator implements OneInputOperator {
    private final ExecNodes.Correlate node;
    private final int inputArity;
    private CorrelateFunction function;
    private FunctionRowCollector collector;

    public CorrelateOperator(ExecNodes.Correlate node) {
        this.node = node;
        this.inputArity = node.input().outputType().names().size();
    }

    @Override
    public void open(OperatorContext context) {
        RowType output = node.outputType();
        int arity = output.names().size();
        collector = new FunctionRowCollector(node.functionName(), node.rowResult(),
                output.names().subList(inputArity, arity), output.types().subList(inputArity, arity));
        function = ClassCompiler.newInstance(node.function(), CorrelateFunction.class);
        function.setCollector(collector);
    }

    @Override
    public void processElement(Row row, Output output) {
        collector.begin(row, output);
        function.eval(row);
        if (node.leftOuter() && collector.count() == 0) {
            output.emit(new Row(row.kind(), Arrays.copyOf(row.fields(), node.outputType().names().size())));
        }
    }
}
