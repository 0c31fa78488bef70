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

    InferredPlan(ModifyKindInference kinds, Map<PhysicalNode, UpdateKind> updateKinds,
                 Map<PhysicalNodes.Sink, SinkDecision> sinks, UpsertKeyDerivation upsertKeys) {
        this.kinds = kinds;
        this.updateKinds = updateKinds;
        this.sinks = sinks;
        this.upsertKeys = upsertKeys;
    }

    /** The kinds {@code node} emits; a sink emits nothing ({@code NONE}). */
    public ChangelogMode mode(PhysicalNode node) {
        if (node instanceof PhysicalNodes.Sink) {
            return ChangelogMode.of();
        }
        Set<ModifyKind> modify = kinds.of(node);
        ChangelogMode mode = ChangelogMode.of();
        if (modify.contains(ModifyKind.INSERT)) {
            mode = mode.with(RowKind.INSERT);
        }
        if (modify.contains(ModifyKind.UPDATE)) {
            mode = mode.with(RowKind.UPDATE_AFTER);
            if (updateKinds.get(node) == UpdateKind.BEFORE_AND_AFTER) {
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
