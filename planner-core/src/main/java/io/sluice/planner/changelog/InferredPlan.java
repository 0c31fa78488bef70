package io.sluice.planner.changelog;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import java.util.Map;
import java.util.Set;

/** The result of changelog inference: each node's changelog mode and each sink's decision. */
public final class InferredPlan {
    private final ModifyKindInference kinds;
    private final Map<PhysicalNode, UpdateKind> updateKinds;
    private final Map<PhysicalNodes.Sink, SinkDecision> sinks;
    private final UpsertKeyDerivation upsertKeys;
    private final Set<PhysicalNode> scansUnderMiniBatch;

    /** @param scansUnderMiniBatch the scans that are the input of a MiniBatchAssigner */
    InferredPlan(ModifyKindInference kinds, Map<PhysicalNode, UpdateKind> updateKinds,
                 Map<PhysicalNodes.Sink, SinkDecision> sinks, UpsertKeyDerivation upsertKeys,
                 Set<PhysicalNode> scansUnderMiniBatch) {
        this.kinds = kinds;
        this.updateKinds = updateKinds;
        this.sinks = sinks;
        this.upsertKeys = upsertKeys;
        this.scansUnderMiniBatch = scansUnderMiniBatch;
    }

    /**
     * True when a DropUpdateBefore goes right above {@code node}: the node is a scan whose source sends
     * -U that none of its consumers needs (they all apply +U by key), or the MiniBatchAssigner right above
     * such a scan, as Flink places it.
     */
    public boolean dropsUpdateBeforeAbove(PhysicalNode node) {
        if (node instanceof PhysicalNodes.MiniBatchAssigner assigner) {
            return dropsSourceUpdateBefore(assigner.input());
        }
        return dropsSourceUpdateBefore(node) && !scansUnderMiniBatch.contains(node);
    }

    private boolean dropsSourceUpdateBefore(PhysicalNode node) {
        return node instanceof PhysicalNodes.TableSourceScan scan
                && updateKinds.get(scan) == UpdateKind.ONLY_UPDATE_AFTER
                && scan.source().getChangelogMode().contains(RowKind.UPDATE_BEFORE);
    }

    /** The kinds {@code node} emits; a sink emits nothing ({@code NONE}). */
    public ChangelogMode mode(PhysicalNode node) {
        if (node instanceof PhysicalNodes.Sink) {
            return ChangelogMode.of();
        }
        boolean belowDrop = dropsSourceUpdateBefore(node) || node instanceof PhysicalNodes.MiniBatchAssigner assigner
                && dropsSourceUpdateBefore(assigner.input());
        Set<ModifyKind> modify = kinds.of(node);
        ChangelogMode mode = ChangelogMode.of();
        if (modify.contains(ModifyKind.INSERT)) {
            mode = mode.with(RowKind.INSERT);
        }
        if (modify.contains(ModifyKind.UPDATE)) {
            mode = mode.with(RowKind.UPDATE_AFTER);
            if (updateKinds.get(node) == UpdateKind.BEFORE_AND_AFTER || belowDrop) {
                mode = mode.with(RowKind.UPDATE_BEFORE);
            }
        }
        return modify.contains(ModifyKind.DELETE) ? mode.with(RowKind.DELETE) : mode;
    }

    /** True when {@code node}'s input may retract: its aggregate functions must support retract. */
    public boolean inputRetracts(PhysicalNode node) {
        return node.inputs().stream().anyMatch(input -> !ModifyKindInference.isInsertOnly(kinds.of(input)));
    }

    /** True when {@code node}'s input is insert-only. */
    public boolean insertOnly(PhysicalNode node) {
        return ModifyKindInference.isInsertOnly(kinds.of(node));
    }

    /** True when {@code node} must emit -U before +U. */
    public boolean generateUpdateBefore(PhysicalNode node) {
        return mode(node).contains(RowKind.UPDATE_BEFORE);
    }

    public SinkDecision sink(PhysicalNodes.Sink sink) {
        return sinks.get(sink);
    }

    public UpsertKeyDerivation upsertKeys() {
        return upsertKeys;
    }
}
