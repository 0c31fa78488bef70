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
import org.apache.calcite.rex.RexPermuteInputsShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Converts {@code ROW_NUMBER() OVER (PARTITION BY .. ORDER BY ..)} filtered by {@code rn = 1},
 * {@code rn <= N} or {@code rn < N} into a Rank node (deduplication or Top-N), with a Calc on top for
 * the rest of the filter and the projection. The rank reads only the fields used above it or by its
 * partitioning and ordering.
 */
final class RankConversion {
    private final PhysicalPlanner planner;

    RankConversion(PhysicalPlanner planner) {
        this.planner = planner;
    }

    /** True when {@code window} computes ROW_NUMBER() (alone or with other OVER aggregates). */
    static boolean isRowNumber(LogicalWindow window) {
        return window.groups.stream().flatMap(group -> group.aggCalls.stream())
                .anyMatch(call -> call.getKind() == SqlKind.ROW_NUMBER);
    }

    PhysicalNode convert(LogicalWindow window, List<RexNode> projects, RexNode condition, RelDataType rowType) {
        if (window.groups.size() != 1 || window.groups.get(0).aggCalls.size() != 1) {
            throw new ValidationException("ROW_NUMBER() OVER (PARTITION BY .. ORDER BY ..) cannot be combined with "
                    + "other OVER aggregates in one query");
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
        ImmutableBitSet read = RelOptUtil.InputFinder.bits(projects, remaining);
        boolean outputRank = read.get(rankField);
        ImmutableBitSet used = read.clear(rankField).union(group.keys).union(ImmutableBitSet.of(
                group.orderKeys.getFieldCollations().stream().mapToInt(RelFieldCollation::getFieldIndex).toArray()));
        // the rank reads only the used fields: old index -> new index, the rank number after them
        Mappings.TargetMapping mapping = Mappings.target(i -> i == rankField ? used.cardinality() : used.indexOf(i),
                rankField + 1, used.cardinality() + 1);
        PhysicalNode pruned = planner.convertFields(window.getInput(), used);
        int[] partition = group.keys.asList().stream().mapToInt(mapping::getTarget).toArray();
        RelDataType rankType = outputRank ? withRankField(window, pruned.rowType()) : pruned.rowType();
        int windowEnd = windowEnd(pruned, partition);
        List<SortField> order = sortFields(group, mapping);
        boolean arrivalOrder = order.size() == 1 && WindowSpec.isProctime(pruned, order.get(0).fieldIndex());
        boolean rowtimeOrder = order.size() == 1 && WindowSpec.isRowtime(pruned, order.get(0).fieldIndex());
        PhysicalNode rank = windowEnd >= 0 && range[0] >= 1
                ? new PhysicalNodes.WindowRank(PhysicalPlanner.exchange(pruned, partition), partition,
                        order, range[0], range[1], outputRank, windowEnd, rowtimeOrder, rankType)
                : new PhysicalNodes.Rank(PhysicalPlanner.exchange(pruned, partition), partition,
                        order, range[0], range[1], outputRank, arrivalOrder, rowtimeOrder, rankType);
        RexPermuteInputsShuttle remap = new RexPermuteInputsShuttle(mapping);
        return planner.calc(rank, new CalcRemapping.Remapped(remap.visitList(projects),
                remaining == null ? null : remaining.accept(remap)), rowType);
    }

    /**
     * The window_end among {@code partition} when it also holds the window_start of the same window
     * aggregation below (a Top-N per window, ranked once per window); -1 otherwise.
     */
    private static int windowEnd(PhysicalNode input, int[] partition) {
        boolean start = false;
        int end = -1;
        for (int key : partition) {
            int column = WindowSpec.windowColumn(input, key);
            start |= column == 0;
            end = column == 1 ? key : end;
        }
        return start ? end : -1;
    }

    private static RelDataType withRankField(LogicalWindow window, RelDataType inputType) {
        return window.getCluster().getTypeFactory().builder().addAll(inputType.getFieldList())
                .add(window.getRowType().getFieldList().get(window.getRowType().getFieldCount() - 1)).build();
    }

    private static List<SortField> sortFields(Window.Group group, Mappings.TargetMapping mapping) {
        if (group.orderKeys.getFieldCollations().isEmpty()) {
            throw new ValidationException("ROW_NUMBER() OVER (...) needs an ORDER BY");
        }
        return group.orderKeys.getFieldCollations().stream().map(c -> new SortField(
                mapping.getTarget(c.getFieldIndex()), !c.direction.isDescending(),
                c.nullDirection == RelFieldCollation.NullDirection.FIRST)).toList();
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
