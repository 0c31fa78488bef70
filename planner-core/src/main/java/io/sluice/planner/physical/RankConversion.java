package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.plan.SortField;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Converts {@code ROW_NUMBER() OVER (PARTITION BY .. ORDER BY ..)} filtered by {@code rn = 1},
 * {@code rn <= N} or {@code rn < N} into a Rank node (deduplication or Top-N), with a Calc on top for
 * the rest of the filter and the projection.
 */
final class RankConversion {
    private final PhysicalPlanner planner;

    RankConversion(PhysicalPlanner planner) {
        this.planner = planner;
    }

    PhysicalNode convert(LogicalWindow window, List<RexNode> projects, RexNode condition, RelDataType rowType) {
        if (window.groups.size() != 1 || window.groups.get(0).aggCalls.size() != 1
                || window.groups.get(0).aggCalls.get(0).getKind() != SqlKind.ROW_NUMBER) {
            throw new ValidationException("Only ROW_NUMBER() OVER (PARTITION BY .. ORDER BY ..) is supported as an "
                    + "OVER aggregation");
        }
        Window.Group group = window.groups.get(0);
        int rankField = window.getInput().getRowType().getFieldCount();
        List<RexNode> rest = new ArrayList<>();
        long[] range = null;
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            long[] found = rankRange(conjunct, rankField);
            if (found != null && range == null) {
                range = found;
            } else {
                rest.add(conjunct);
            }
        }
        if (range == null) {
            throw new ValidationException("ROW_NUMBER() OVER (...) needs a filter on its result: WHERE rn = 1 "
                    + "(deduplication) or WHERE rn <= N (Top-N)");
        }
        RexNode remaining = rest.isEmpty() ? null : RexUtil.composeConjunction(
                window.getCluster().getRexBuilder(), rest);
        boolean outputRank = RelOptUtil.InputFinder.bits(projects, remaining).get(rankField);
        RelDataType rankType = outputRank ? window.getRowType() : window.getInput().getRowType();
        int[] partition = group.keys.toArray();
        PhysicalNode input = PhysicalPlanner.exchange(planner.convert(window.getInput()), partition);
        PhysicalNode rank = new PhysicalNodes.Rank(input, partition, sortFields(group), range[0], range[1], outputRank,
                rankType);
        return planner.calc(rank, new CalcRemapping.Remapped(projects, remaining), rowType);
    }

    private static List<SortField> sortFields(Window.Group group) {
        if (group.orderKeys.getFieldCollations().isEmpty()) {
            throw new ValidationException("ROW_NUMBER() OVER (...) needs an ORDER BY");
        }
        return group.orderKeys.getFieldCollations().stream().map(c -> new SortField(c.getFieldIndex(),
                !c.direction.isDescending(), c.nullDirection == RelFieldCollation.NullDirection.FIRST)).toList();
    }

    /** {@code [start, end]} when {@code conjunct} bounds the rank field by a literal, else null. */
    private static long[] rankRange(RexNode conjunct, int rankField) {
        if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
            return null;
        }
        RexNode left = call.getOperands().get(0);
        RexNode right = call.getOperands().get(1);
        SqlKind kind = call.getKind();
        if (isField(right, rankField) && left instanceof RexLiteral) {
            kind = kind.reverse();
            RexNode swap = left;
            left = right;
            right = swap;
        }
        if (!isField(left, rankField) || !(right instanceof RexLiteral literal)) {
            return null;
        }
        long bound = literal.getValueAs(BigDecimal.class).longValueExact();
        return switch (kind) {
            case EQUALS -> new long[] {bound, bound};
            case LESS_THAN_OR_EQUAL -> new long[] {1, bound};
            case LESS_THAN -> new long[] {1, bound - 1};
            default -> null;
        };
    }

    private static boolean isField(RexNode node, int index) {
        return node instanceof RexInputRef ref && ref.getIndex() == index;
    }
}
