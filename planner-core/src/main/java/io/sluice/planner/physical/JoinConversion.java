package io.sluice.planner.physical;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import java.util.Optional;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexNode;

/**
 * Converts a join into exchanges on the equi-join keys of both sides and a stream join: a window join
 * when the keys join the same window on both sides, an interval join when the condition bounds a
 * rowtime of one side by a rowtime of the other on both sides, a regular join otherwise.
 */
final class JoinConversion {
    private JoinConversion() {
    }

    static PhysicalNode convert(PhysicalPlanner planner, LogicalJoin join) {
        JoinType type = switch (join.getJoinType()) {
            case INNER -> JoinType.INNER;
            case LEFT -> JoinType.LEFT;
            case RIGHT -> JoinType.RIGHT;
            case FULL -> JoinType.FULL;
            default -> throw new ValidationException("Join type " + join.getJoinType() + " is not supported");
        };
        JoinInfo info = join.analyzeCondition();
        int[] leftKeys = info.leftKeys.toIntArray();
        int[] rightKeys = info.rightKeys.toIntArray();
        RexNode remaining = info.getRemaining(join.getCluster().getRexBuilder());
        RexNode nonEqui = remaining.isAlwaysTrue() ? null : remaining;
        PhysicalNode left = PhysicalPlanner.exchange(planner.convert(join.getLeft()), leftKeys);
        PhysicalNode right = PhysicalPlanner.exchange(planner.convert(join.getRight()), rightKeys);
        int[] windowEnds = windowEnds(left, right, leftKeys, rightKeys);
        if (windowEnds != null) {
            return new PhysicalNodes.WindowJoin(left, right, type, leftKeys, rightKeys, windowEnds[0], windowEnds[1],
                    nonEqui, join.getCondition(), join.getRowType());
        }
        Optional<IntervalBounds> interval = nonEqui == null ? Optional.empty()
                : IntervalBounds.find(nonEqui, left, right);
        if (interval.isPresent()) {
            IntervalBounds bounds = interval.get();
            return new PhysicalNodes.IntervalJoin(left, right, type, leftKeys, rightKeys, bounds.leftTime(),
                    bounds.rightTime(), bounds.lowerMillis(), bounds.upperMillis(), nonEqui, join.getCondition(),
                    join.getRowType());
        }
        return new PhysicalNodes.Join(left, right, type, leftKeys, rightKeys, nonEqui, join.getCondition(),
                join.getRowType());
    }

    /**
     * The window_end fields of both sides when the keys join the same window on both sides: window_start
     * with window_start and window_end with window_end; null otherwise.
     */
    private static int[] windowEnds(PhysicalNode left, PhysicalNode right, int[] leftKeys, int[] rightKeys) {
        boolean starts = false;
        int[] ends = null;
        for (int i = 0; i < leftKeys.length; i++) {
            int leftColumn = WindowSpec.windowColumn(left, leftKeys[i]);
            if (leftColumn >= 0 && leftColumn == WindowSpec.windowColumn(right, rightKeys[i])) {
                starts |= leftColumn == 0;
                ends = leftColumn == 1 ? new int[] {leftKeys[i], rightKeys[i]} : ends;
            }
        }
        return starts ? ends : null;
    }
}
