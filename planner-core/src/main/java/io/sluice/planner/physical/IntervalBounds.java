package io.sluice.planner.physical;

import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * The time interval of a join condition that bounds a left rowtime by a right one on both sides, such as
 * {@code l.ts BETWEEN r.ts - INTERVAL '1' HOUR AND r.ts + INTERVAL '10' MINUTE}: as
 * {@code lowerMillis <= lt - rt <= upperMillis}.
 */
record IntervalBounds(int leftTime, int rightTime, long lowerMillis, long upperMillis) {

    /** The bounds in {@code condition} over the joined row, when both bounds compare the same two rowtimes. */
    static Optional<IntervalBounds> find(RexNode condition, PhysicalNode left, PhysicalNode right) {
        int leftWidth = left.rowType().getFieldCount();
        Integer leftTime = null;
        Integer rightTime = null;
        long lower = Long.MIN_VALUE;
        long upper = Long.MAX_VALUE;
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            Bound bound = Bound.of(conjunct, leftWidth);
            if (bound == null || leftTime != null && (bound.leftTime != leftTime || bound.rightTime != rightTime)
                    || !WindowSpec.isRowtime(left, bound.leftTime)
                    || !WindowSpec.isRowtime(right, bound.rightTime - leftWidth)) {
                continue;
            }
            leftTime = bound.leftTime;
            rightTime = bound.rightTime;
            if (bound.isLower) {
                lower = Math.max(lower, bound.millis);
            } else {
                upper = Math.min(upper, bound.millis);
            }
        }
        if (leftTime == null || lower == Long.MIN_VALUE || upper == Long.MAX_VALUE) {
            return Optional.empty();
        }
        return Optional.of(new IntervalBounds(leftTime, rightTime - leftWidth, lower, upper));
    }

    /** One comparison {@code lt - rt >= millis} ({@code isLower}) or {@code lt - rt <= millis}. */
    private record Bound(int leftTime, int rightTime, boolean isLower, long millis) {

        static Bound of(RexNode conjunct, int leftWidth) {
            if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
                return null;
            }
            SqlKind kind = call.getKind();
            if (kind != SqlKind.GREATER_THAN && kind != SqlKind.GREATER_THAN_OR_EQUAL && kind != SqlKind.LESS_THAN
                    && kind != SqlKind.LESS_THAN_OR_EQUAL) {
                return null;
            }
            Shifted a = Shifted.of(call.getOperands().get(0));
            Shifted b = Shifted.of(call.getOperands().get(1));
            if (a == null || b == null) {
                return null;
            }
            if (a.field >= leftWidth && b.field < leftWidth) {
                Shifted swap = a;
                a = b;
                b = swap;
                kind = kind.reverse();
            }
            if (a.field >= leftWidth || b.field < leftWidth) {
                return null;
            }
            // lt + a.offset OP rt + b.offset  <=>  lt - rt OP b.offset - a.offset
            long millis = b.offset - a.offset;
            return switch (kind) {
                case GREATER_THAN_OR_EQUAL -> new Bound(a.field, b.field, true, millis);
                case GREATER_THAN -> new Bound(a.field, b.field, true, millis + 1);
                case LESS_THAN_OR_EQUAL -> new Bound(a.field, b.field, false, millis);
                default -> new Bound(a.field, b.field, false, millis - 1);
            };
        }
    }

    /** A field plus or minus a constant day-time interval. */
    private record Shifted(int field, long offset) {

        static Shifted of(RexNode node) {
            if (node instanceof RexInputRef ref) {
                return new Shifted(ref.getIndex(), 0);
            }
            if (!(node instanceof RexCall call) || call.getOperands().size() != 2
                    || call.getKind() != SqlKind.PLUS && call.getKind() != SqlKind.MINUS
                    || !(call.getOperands().get(0) instanceof RexInputRef ref)
                    || !(call.getOperands().get(1) instanceof RexLiteral literal)
                    || literal.getType().getSqlTypeName().getFamily() != SqlTypeFamily.INTERVAL_DAY_TIME) {
                return null;
            }
            long millis = literal.getValueAs(Long.class);
            return new Shifted(ref.getIndex(), call.getKind() == SqlKind.PLUS ? millis : -millis);
        }
    }
}
