package io.sluice.planner.changelog;

import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;

/** Finds the node that produces the updates a consumer cannot take: the one error messages name. */
final class UpdateOrigin {
    private UpdateOrigin() {
    }

    static PhysicalNode find(PhysicalNode node, ModifyKindInference kinds) {
        PhysicalNode current = node;
        while (true) {
            PhysicalNode next = passThroughInput(current, kinds);
            if (next == null) {
                return current;
            }
            current = next;
        }
    }

    /** The input that the updates of {@code node} come from unchanged, or null when {@code node} makes them. */
    private static PhysicalNode passThroughInput(PhysicalNode node, ModifyKindInference kinds) {
        if (node instanceof PhysicalNodes.Calc || node instanceof PhysicalNodes.Exchange
                || node instanceof PhysicalNodes.MiniBatchAssigner || node instanceof PhysicalNodes.WatermarkAssigner
                || node instanceof PhysicalNodes.Union
                || (node instanceof PhysicalNodes.Join join
                    && join.joinType() == io.sluice.runtime.plan.ExecNodes.JoinType.INNER)) {
            for (PhysicalNode input : node.inputs()) {
                if (!ModifyKindInference.isInsertOnly(kinds.of(input))) {
                    return input;
                }
            }
        }
        return null;
    }
}
