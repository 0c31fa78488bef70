package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.plan.ExecNodes.WindowKind;
import io.sluice.planner.functions.SluiceOperators;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlWindowTableFunction;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * A window on the time field {@code timeIndex}: TUMBLE ({@code slideMillis == sizeMillis}), HOP,
 * CUMULATE ({@code slideMillis} is the step, {@code sizeMillis} the largest window) or SESSION
 * ({@code sizeMillis} is the gap), on event time or, when {@code processingTime}, on a {@code PROCTIME()}
 * column.
 */
public record WindowSpec(WindowKind kind, int timeIndex, long sizeMillis, long slideMillis, boolean processingTime) {
    private static final Set<String> WINDOW_FUNCTIONS = Set.of("TUMBLE", "HOP", "CUMULATE", "SESSION");

    /** True when {@code scan} calls a window table function. */
    static boolean isWindowFunction(TableFunctionScan scan) {
        return scan.getCall() instanceof RexCall call && call.getOperator() instanceof SqlWindowTableFunction
                && WINDOW_FUNCTIONS.contains(call.getOperator().getName());
    }

    /**
     * The window of {@code TUMBLE(DESCRIPTOR(ts), size)}, {@code HOP(DESCRIPTOR(ts), slide, size)},
     * {@code CUMULATE(DESCRIPTOR(ts), step, size)} or {@code SESSION(DESCRIPTOR(ts), [DESCRIPTOR(keys),] gap)}
     * as Calcite's table function scan calls it (the table argument is the scan's input).
     */
    static WindowSpec of(TableFunctionScan scan) {
        RexCall call = (RexCall) scan.getCall();
        List<RexNode> operands = call.getOperands();
        WindowKind kind = WindowKind.valueOf(call.getOperator().getName());
        int time = columns(call, 0, "one time column").get(0);
        return switch (kind) {
            case TUMBLE -> {
                refuseOffset(call, 2);
                long size = millis(operands.get(1), "size");
                yield new WindowSpec(kind, time, size, size, false);
            }
            case HOP -> {
                refuseOffset(call, 3);
                yield new WindowSpec(kind, time, millis(operands.get(2), "size"), millis(operands.get(1), "slide"), false);
            }
            case CUMULATE -> cumulate(time, millis(operands.get(1), "step"), millis(operands.get(2), "size"));
            case SESSION -> new WindowSpec(kind, time, millis(operands.get(operands.size() - 1), "gap"), 0, false);
            case ATTACHED -> throw new IllegalArgumentException("ATTACHED is no window table function");
        };
    }

    private static WindowSpec cumulate(int time, long step, long size) {
        if (size % step != 0) {
            throw new ValidationException("CUMULATE's size must be a whole multiple of its step, not " + size
                    + " ms for a step of " + step + " ms");
        }
        return new WindowSpec(WindowKind.CUMULATE, time, size, step, false);
    }

    /** The columns of SESSION's {@code DESCRIPTOR(keys)} (or {@code TABLE t PARTITION BY keys}); empty without. */
    static List<Integer> sessionKeys(TableFunctionScan scan) {
        RexCall call = (RexCall) scan.getCall();
        return call.getOperands().size() == 3 ? columns(call, 1, "columns") : List.of();
    }

    private static void refuseOffset(RexCall call, int operandsWithoutOffset) {
        if (call.getOperands().size() != operandsWithoutOffset) {
            throw new ValidationException(call.getOperator().getName() + " with an offset is not supported: "
                    + "windows are aligned to the epoch");
        }
    }

    private static List<Integer> columns(RexCall call, int operand, String expected) {
        if (!(call.getOperands().get(operand) instanceof RexCall descriptor)
                || descriptor.getOperands().isEmpty()
                || !descriptor.getOperands().stream().allMatch(RexInputRef.class::isInstance)
                || operand == 0 && descriptor.getOperands().size() != 1) {
            throw new ValidationException("DESCRIPTOR(...) of " + call.getOperator().getName() + " must name "
                    + expected);
        }
        return descriptor.getOperands().stream().map(column -> ((RexInputRef) column).getIndex()).toList();
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
        return tracesTo(node, field, (origin, index) -> origin instanceof PhysicalNodes.WatermarkAssigner assigner
                && assigner.rowtimeIndex() == index);
    }

    /**
     * 0 when {@code field} of {@code node} is the window_start of a window aggregation below it, passed
     * through as is; 1 for its window_end; -1 otherwise.
     */
    static int windowColumn(PhysicalNode node, int field) {
        if (node instanceof PhysicalNodes.WindowAggregate window) {
            int start = window.groupKeys().length + window.aggregates().size();
            return field == start ? 0 : field == start + 1 ? 1 : -1;
        }
        if (node instanceof PhysicalNodes.WindowTableFunction function) {
            int start = function.input().rowType().getFieldCount();
            return field == start ? 0 : field == start + 1 ? 1 : -1;
        }
        if (node instanceof PhysicalNodes.Calc calc) {
            return calc.projects().get(field) instanceof RexInputRef ref ? windowColumn(calc.input(), ref.getIndex())
                    : -1;
        }
        boolean passesRows = node instanceof PhysicalNodes.Exchange || node instanceof PhysicalNodes.MiniBatchAssigner;
        return passesRows ? windowColumn(node.input(), field) : -1;
    }

    /** True when {@code field} of {@code node} is a processing time: {@code PROCTIME()}, passed through as is. */
    static boolean isProctime(PhysicalNode node, int field) {
        return tracesTo(node, field, (origin, index) -> origin instanceof PhysicalNodes.Calc calc
                && calc.projects().get(index) instanceof RexCall call && call.getOperator() == SluiceOperators.PROCTIME);
    }

    private static boolean tracesTo(PhysicalNode node, int field, BiPredicate<PhysicalNode, Integer> origin) {
        if (origin.test(node, field)) {
            return true;
        }
        if (node instanceof PhysicalNodes.Calc calc) {
            return calc.projects().get(field) instanceof RexInputRef ref && tracesTo(calc.input(), ref.getIndex(), origin);
        }
        if (node instanceof PhysicalNodes.Union union) {
            return union.inputs().stream().allMatch(input -> tracesTo(input, field, origin));
        }
        if (node instanceof PhysicalNodes.WindowTableFunction function) {
            // the input's columns come first, unchanged; the window columns after them are computed
            return field < function.input().rowType().getFieldCount() && tracesTo(function.input(), field, origin);
        }
        boolean passesRows = node instanceof PhysicalNodes.Exchange || node instanceof PhysicalNodes.MiniBatchAssigner
                || node instanceof PhysicalNodes.ChangelogNormalize || node instanceof PhysicalNodes.WatermarkAssigner;
        return passesRows && tracesTo(node.input(), field, origin);
    }

    WindowSpec withTimeIndex(int index) {
        return new WindowSpec(kind, index, sizeMillis, slideMillis, processingTime);
    }

    WindowSpec onProcessingTime() {
        return new WindowSpec(kind, timeIndex, sizeMillis, slideMillis, true);
    }

    /** {@code TUMBLE(time_col=[ts], size=[5 min])} as in Flink's plans. */
    String describe(List<String> inputNames) {
        String text = kind == WindowKind.ATTACHED ? "WINDOW(win_start=[" + inputNames.get(timeIndex) + "], "
                : kind + "(time_col=[" + inputNames.get(timeIndex) + "], ";
        return text + switch (kind) {
            case TUMBLE -> "size=[" + duration(sizeMillis) + "])";
            case HOP -> "size=[" + duration(sizeMillis) + "], slide=[" + duration(slideMillis) + "])";
            case CUMULATE -> "max_size=[" + duration(sizeMillis) + "], step=[" + duration(slideMillis) + "])";
            case SESSION -> "gap=[" + duration(sizeMillis) + "])";
            case ATTACHED -> "win_end=[" + inputNames.get(timeIndex + 1) + "])";
        };
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
