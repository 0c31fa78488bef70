package io.sluice.planner.changelog;

import io.sluice.planner.physical.PhysicalNode;
import io.sluice.planner.physical.PhysicalNodes;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives the changelog of a physical plan in passes: the kinds each node can produce
 * (bottom-up), then whether updates carry -U (top-down from each root's requirement). Roots are sinks,
 * collect nodes (a SELECT whose changes are printed in full, with -U) or, for EXPLAIN of a bare query,
 * the query's top node (which tries to avoid -U). Sinks are validated on the way.
 *
 * <p>Flink's third pass (whether a delete may carry only the key) is not needed: it only changes a plan
 * when a consumer accepts key-only deletes, and none does here. Aggregates, joins, ranks and the upsert
 * materializer retract by the whole row, no connector declares key-only deletes, and upsert sources go
 * through ChangelogNormalize, which emits full rows. So every delete carries the full row, and EXPLAIN
 * shows {@code D} as Flink does for full deletes.
 */
public final class ChangelogInference {
    private ChangelogInference() {
    }

    /**
     * @throws io.sluice.planner.physical.TableUseException naming the sink table when a sink cannot take what
     *         its query produces
     */
    public static InferredPlan infer(List<PhysicalNode> roots, boolean requireOnConflict) {
        ModifyKindInference kinds = new ModifyKindInference();
        roots.forEach(kinds::of);
        UpsertKeyDerivation upsertKeys = new UpsertKeyDerivation();
        SinkValidation validation = new SinkValidation(kinds, upsertKeys, new NonDeterministicFields(),
                requireOnConflict);
        UpdateKindInference updates = new UpdateKindInference(kinds);
        Map<PhysicalNodes.Sink, SinkDecision> decisions = new IdentityHashMap<>();
        for (PhysicalNode root : roots) {
            if (root instanceof PhysicalNodes.Sink sink) {
                SinkDecision decision = validation.decide(sink);
                decisions.put(sink, decision);
                updates.satisfyAny(sink.input(), validation.requiredUpdateKinds(sink, decision));
            } else if (root instanceof PhysicalNodes.Collect collect) {
                updates.satisfyAny(collect.input(), List.of(updates.beforeAndAfterOrNone(collect.input())));
            } else {
                updates.satisfyAny(root, List.of(UpdateKind.ONLY_UPDATE_AFTER, UpdateKind.BEFORE_AND_AFTER));
            }
        }
        return new InferredPlan(kinds, updates.assigned(), decisions, upsertKeys, updates.scansUnderMiniBatch());
    }
}
