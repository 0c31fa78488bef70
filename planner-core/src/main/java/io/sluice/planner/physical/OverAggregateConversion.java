package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.planner.functions.UserAggregateFunction;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes.OverOrder;
import io.sluice.runtime.plan.SortField;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Converts OVER aggregates ({@code SUM(x) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN 10 PRECEDING AND
 * CURRENT ROW)}, RANGE with an interval, UNBOUNDED PRECEDING) into an exchange on the partition keys and an
 * OverAggregate node. All aggregates of a query share one window, as in Flink.
 */
final class OverAggregateConversion {
    private OverAggregateConversion() {
    }

    static PhysicalNode convert(PhysicalPlanner planner, LogicalWindow window) {
        if (window.groups.size() != 1) {
            throw new ValidationException("All OVER aggregates of a query must use the same window: one PARTITION BY, "
                    + "ORDER BY and frame");
        }
        Window.Group group = window.groups.get(0);
        int inputWidth = window.getInput().getRowType().getFieldCount();
        if (!group.upperBound.isCurrentRow()) {
            throw new ValidationException("An OVER frame must end at CURRENT ROW, not " + group.upperBound);
        }
        List<SortField> orderBy = group.orderKeys.getFieldCollations().stream().map(c -> new SortField(
                c.getFieldIndex(), !c.direction.isDescending(), c.nullDirection == RelFieldCollation.NullDirection.FIRST))
                .toList();
        if (orderBy.isEmpty()) {
            throw new ValidationException("An OVER aggregate needs an ORDER BY, such as ORDER BY ts");
        }
        PhysicalNode input = planner.convert(window.getInput());
        long preceding = preceding(window, group, inputWidth);
        RexNode firstOrder = new RexInputRef(orderBy.get(0).fieldIndex(),
                input.rowType().getFieldList().get(orderBy.get(0).fieldIndex()).getType());
        if (!group.isRows && preceding >= 0 && (orderBy.size() != 1
                || firstOrder.getType().getSqlTypeName().getFamily() != SqlTypeFamily.TIMESTAMP
                && firstOrder.getType().getSqlTypeName() != SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE)) {
            throw new ValidationException("A RANGE frame with an interval must ORDER BY one TIMESTAMP column");
        }
        int[] partition = group.keys.toArray();
        List<AggSpec> aggregates = new ArrayList<>();
        for (int i = 0; i < group.aggCalls.size(); i++) {
            aggregates.add(spec(group.aggCalls.get(i), window.getRowType().getFieldNames().get(inputWidth + i)));
        }
        return new PhysicalNodes.OverAggregate(PhysicalPlanner.exchange(input, partition), partition, orderBy,
                timeOrder(input, orderBy), group.isRows, preceding, aggregates, window.getRowType());
    }

    /** ROWTIME or PROCTIME when the window is ordered by one such column ascending; CHANGELOG otherwise. */
    private static OverOrder timeOrder(PhysicalNode input, List<SortField> orderBy) {
        if (orderBy.size() != 1 || !orderBy.get(0).ascending()) {
            return OverOrder.CHANGELOG;
        }
        int field = orderBy.get(0).fieldIndex();
        if (WindowSpec.isRowtime(input, field)) {
            return OverOrder.ROWTIME;
        }
        return WindowSpec.isProctime(input, field) ? OverOrder.PROCTIME : OverOrder.CHANGELOG;
    }

    /** Rows (ROWS) or milliseconds (RANGE) before the current row; -1 for UNBOUNDED PRECEDING. */
    private static long preceding(LogicalWindow window, Window.Group group, int inputWidth) {
        RexWindowBound lower = group.lowerBound;
        if (lower.isUnbounded()) {
            if (!lower.isPreceding()) {
                throw new ValidationException("An OVER frame cannot start at UNBOUNDED FOLLOWING");
            }
            return -1;
        }
        if (lower.isCurrentRow()) {
            return 0;
        }
        if (!lower.isPreceding() || !(lower.getOffset() instanceof RexInputRef ref)) {
            throw new ValidationException("An OVER frame must start at UNBOUNDED PRECEDING, CURRENT ROW or n "
                    + "PRECEDING, not " + lower);
        }
        RexLiteral offset = window.constants.get(ref.getIndex() - inputWidth);
        if (group.isRows) {
            return offset.getValueAs(BigDecimal.class).longValueExact();
        }
        if (offset.getType().getSqlTypeName().getFamily() != SqlTypeFamily.INTERVAL_DAY_TIME) {
            throw new ValidationException("A RANGE frame goes back by a day-time interval, such as INTERVAL '1' HOUR "
                    + "PRECEDING, not " + offset);
        }
        return offset.getValueAs(Long.class);
    }

    private static AggSpec spec(Window.RexWinAggCall call, String name) {
        if (!call.getOperands().stream().allMatch(RexInputRef.class::isInstance)) {
            throw new ValidationException("An OVER aggregate reads columns, not expressions: " + call);
        }
        if (call.getOperator() instanceof UserAggregateFunction user) {
            return AggSpec.user(user, call.getOperands().stream().map(o -> ((RexInputRef) o).getIndex()).toList(),
                    call.getOperands().stream().map(RexNode::getType).toList(), name, call.getType());
        }
        AggFunction function = AggSpec.functionOf(call.getKind());
        if (function == null || function == AggFunction.LISTAGG) {
            throw new ValidationException("OVER aggregate " + call.getOperator().getName()
                    + " is not supported. Supported: COUNT, SUM, MIN, MAX, AVG, FIRST_VALUE, LAST_VALUE, user-defined "
                    + "aggregate functions (and ROW_NUMBER for Top-N)");
        }
        if (call.distinct) {
            throw new ValidationException("OVER aggregates with DISTINCT are not supported: " + call);
        }
        if (call.getOperands().size() > 1) {
            throw new ValidationException("An OVER aggregate reads one column: " + call);
        }
        int arg = call.getOperands().isEmpty() ? -1 : ((RexInputRef) call.getOperands().get(0)).getIndex();
        return new AggSpec(function, arg, false, name, call.getType());
    }
}
