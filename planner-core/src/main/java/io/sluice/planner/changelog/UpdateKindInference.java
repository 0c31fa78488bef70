package io.sluice.planner.changelog;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Step 2, top-down: whether each updating node must emit -U. The root's requirement comes
 * from the sink; aggregates, ranks and joins demand -U from an updating input (they must retract what they
 * accumulated); a filter cannot work on +U alone. Requirements are tried in order: ONLY_UPDATE_AFTER first
 * where allowed, then BEFORE_AND_AFTER.
 */
final class UpdateKindInference {
    private final ModifyKindInference kinds;
    private Map<PhysicalNode, UpdateKind> assigned = new IdentityHashMap<>();
    private final Set<PhysicalNode> scansUnderMiniBatch = Collections.newSetFromMap(new IdentityHashMap<>());

    UpdateKindInference(ModifyKindInference kinds) {
        this.kinds = kinds;
    }

    Map<PhysicalNode, UpdateKind> assigned() {
        return assigned;
    }

    /** The scans read by a MiniBatchAssigner: a DropUpdateBefore goes above the assigner, as Flink places it. */
    Set<PhysicalNode> scansUnderMiniBatch() {
        return scansUnderMiniBatch;
    }

    /** Satisfies the first of {@code candidates} that the plan below {@code node} can provide. */
    void satisfyAny(PhysicalNode node, List<UpdateKind> candidates) {
        for (UpdateKind candidate : candidates) {
            Map<PhysicalNode, UpdateKind> before = new IdentityHashMap<>(assigned);
            if (satisfy(node, candidate)) {
                return;
            }
            assigned = before;
        }
        throw new IllegalStateException("No update kind of " + candidates + " can be provided by " + node.describe());
    }

    /** BEFORE_AND_AFTER when {@code node} produces updates, NONE otherwise: what a retracting consumer needs. */
    UpdateKind beforeAndAfterOrNone(PhysicalNode node) {
        return kinds.of(node).contains(ModifyKind.UPDATE) ? UpdateKind.BEFORE_AND_AFTER : UpdateKind.NONE;
    }

    private boolean satisfy(PhysicalNode node, UpdateKind required) {
        boolean updating = kinds.of(node).contains(ModifyKind.UPDATE);
        UpdateKind wanted = updating ? required : UpdateKind.NONE;
        UpdateKind existing = assigned.get(node);
        if (existing == wanted || existing == UpdateKind.BEFORE_AND_AFTER) {
            // a shared node already emitting -U serves a consumer that ignores -U as well
            return true;
        }
        if (!satisfyInputs(node, wanted)) {
            return false;
        }
        assigned.put(node, wanted);
        return true;
    }

    private boolean satisfyInputs(PhysicalNode node, UpdateKind required) {
        if (node instanceof PhysicalNodes.TableSourceScan scan) {
            // a source's -U that no consumer needs is dropped right above it (InferredPlan#dropsUpdateBeforeAbove)
            UpdateKind provided = provided(scan.source().getChangelogMode());
            return required == UpdateKind.NONE || required == provided
                    || required == UpdateKind.ONLY_UPDATE_AFTER && provided == UpdateKind.BEFORE_AND_AFTER;
        }
        if (node instanceof PhysicalNodes.Calc calc) {
            boolean filtersUpdates = required == UpdateKind.ONLY_UPDATE_AFTER && calc.condition() != null;
            return !filtersUpdates && satisfy(calc.input(), required);
        }
        if (node instanceof PhysicalNodes.MiniBatchAssigner assigner
                && assigner.input() instanceof PhysicalNodes.TableSourceScan scan) {
            scansUnderMiniBatch.add(scan);
        }
        if (node instanceof PhysicalNodes.Exchange || node instanceof PhysicalNodes.MiniBatchAssigner
                || node instanceof PhysicalNodes.WatermarkAssigner || node instanceof PhysicalNodes.Union
                || node instanceof PhysicalNodes.WindowTableFunction) {
            return node.inputs().stream().allMatch(input -> satisfy(input, required));
        }
        if (node instanceof PhysicalNodes.ChangelogNormalize normalize) {
            return satisfy(normalize.input(), UpdateKind.ONLY_UPDATE_AFTER);
        }
        // a row's join partners or function rows change with it: only its -U can take the old ones back
        boolean multipliesRows = node instanceof PhysicalNodes.Join || node instanceof PhysicalNodes.Correlate
                || node instanceof PhysicalNodes.TemporalJoin;
        if (multipliesRows && required == UpdateKind.ONLY_UPDATE_AFTER) {
            return false;
        }
        if (node instanceof PhysicalNodes.TemporalJoin join) {
            // the versioned side's rows are versions by time: a -U says nothing the +U after it does not
            return satisfy(join.left(), beforeAndAfterOrNone(join.left()))
                    && satisfy(join.right(), UpdateKind.ONLY_UPDATE_AFTER);
        }
        // aggregates, ranks, joins and window aggregates retract what they took: their inputs must carry -U
        return node.inputs().stream().allMatch(input -> satisfy(input, beforeAndAfterOrNone(input)));
    }

    static UpdateKind provided(ChangelogMode mode) {
        if (mode.contains(RowKind.UPDATE_BEFORE)) {
            return UpdateKind.BEFORE_AND_AFTER;
        }
        return mode.contains(RowKind.UPDATE_AFTER) ? UpdateKind.ONLY_UPDATE_AFTER : UpdateKind.NONE;
    }
}
