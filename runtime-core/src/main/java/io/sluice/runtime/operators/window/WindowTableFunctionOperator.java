package io.sluice.runtime.operators.window;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.plan.ExecNodes;
import java.util.Arrays;
import java.util.List;

/**
 * A TUMBLE, HOP or CUMULATE table function read as a table: emits each row once per window its time
 * belongs to, with the window's start and end appended, typed as the time column. Keeps no state.
 */
public final class WindowTableFunctionOperator implements OneInputOperator {
    private final ExecNodes.WindowTableFunction node;
    private final WindowAssigner assigner;
    private final boolean timestampLtz;

    public WindowTableFunctionOperator(ExecNodes.WindowTableFunction node) {
        this.node = node;
        this.assigner = new WindowAssigner(node.sizeMillis(), node.slideMillis(),
                node.window() == ExecNodes.WindowKind.CUMULATE);
        List<LogicalType> types = node.outputType().types();
        this.timestampLtz = types.get(types.size() - 1).root() == TypeRoot.TIMESTAMP_LTZ;
    }

    @Override
    public void processElement(Row row, Output output) {
        Object time = row.field(node.timeIndex());
        if (time == null) {
            return;
        }
        for (TimeWindow window : assigner.windowsOf(WindowAggOperator.epochMillis(time))) {
            Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 2);
            fields[row.arity()] = WindowAggOperator.timeValue(window.start(), timestampLtz);
            fields[row.arity() + 1] = WindowAggOperator.timeValue(window.end(), timestampLtz);
            output.emit(new Row(row.kind(), fields));
        }
    }
}
