package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.plan.ExecNodes.WindowKind;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlWindowTableFunction;
import org.apache.calcite.sql.type.SqlTypeFamily;

/** A TUMBLE ({@code slideMillis == sizeMillis}) or HOP window on the time field {@code timeIndex}. */
public record WindowSpec(WindowKind kind, int timeIndex, long sizeMillis, long slideMillis) {
    private static final Set<String> WINDOW_FUNCTIONS = Set.of("TUMBLE", "HOP");

    /** True when {@code scan} calls the TUMBLE or HOP window table function. */
    static boolean isWindowFunction(TableFunctionScan scan) {
        return scan.getCall() instanceof RexCall call && call.getOperator() instanceof SqlWindowTableFunction
                && WINDOW_FUNCTIONS.contains(call.getOperator().getName());
    }

    /**
     * The window of {@code TUMBLE(DESCRIPTOR(ts), size)} or {@code HOP(DESCRIPTOR(ts), slide, size)} as
     * Calcite's table function scan calls it (the table argument is the scan's input).
     */
    static WindowSpec of(TableFunctionScan scan) {
        RexCall call = (RexCall) scan.getCall();
        List<RexNode> operands = call.getOperands();
        boolean tumble = call.getOperator().getName().equals("TUMBLE");
        if (operands.size() != (tumble ? 2 : 3)) {
            throw new ValidationException(call.getOperator().getName() + " with an offset is not supported: "
                    + "windows are aligned to the epoch");
        }
        RexNode descriptor = operands.get(0);
        if (!(descriptor instanceof RexCall columns) || columns.getOperands().size() != 1
                || !(columns.getOperands().get(0) instanceof RexInputRef time)) {
            throw new ValidationException("DESCRIPTOR(...) of " + call.getOperator().getName()
                    + " must name one time column");
        }
        long size = millis(operands.get(tumble ? 1 : 2), "size");
        long slide = tumble ? size : millis(operands.get(1), "slide");
        return new WindowSpec(tumble ? WindowKind.TUMBLE : WindowKind.HOP, time.getIndex(), size, slide);
    }

    private static long millis(RexNode interval, String what) {
        if (!(interval instanceof RexLiteral literal)
                || literal.getType().getSqlTypeName().getFamily() != SqlTypeFamily.INTERVAL_DAY_TIME) {
            throw new ValidationException("The window " + what + " must be a constant day-time interval such as "
                    + "INTERVAL '5' MINUTE, not " + interval);
        }
        long millis = literal.getValueAs(Long.class);
        if (millis <= 0) {
            throw new ValidationException("The window " + what + " must be positive, not " + interval);
        }
        return millis;
    }

    /** True when {@code field} of {@code node} is a rowtime: a table's watermarked column, passed through as is. */
    static boolean isRowtime(PhysicalNode node, int field) {
        if (node instanceof PhysicalNodes.WatermarkAssigner assigner) {
            return assigner.rowtimeIndex() == field;
        }
        if (node instanceof PhysicalNodes.Calc calc) {
            return calc.projects().get(field) instanceof RexInputRef ref && isRowtime(calc.input(), ref.getIndex());
        }
        if (node instanceof PhysicalNodes.Union union) {
            return union.inputs().stream().allMatch(input -> isRowtime(input, field));
        }
        boolean passesRows = node instanceof PhysicalNodes.Exchange || node instanceof PhysicalNodes.MiniBatchAssigner
                || node instanceof PhysicalNodes.ChangelogNormalize;
        return passesRows && isRowtime(node.input(), field);
    }

    WindowSpec withTimeIndex(int index) {
        return new WindowSpec(kind, index, sizeMillis, slideMillis);
    }

    /** {@code TUMBLE(time_col=[ts], size=[5 min])} as in Flink's plans. */
    String describe(List<String> inputNames) {
        String text = kind + "(time_col=[" + inputNames.get(timeIndex) + "], size=[" + duration(sizeMillis) + "]";
        return kind == WindowKind.HOP ? text + ", slide=[" + duration(slideMillis) + "])" : text + ")";
    }

    private static String duration(long millis) {
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + " h";
        }
        if (millis % 60_000 == 0) {
            return millis / 60_000 + " min";
        }
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
