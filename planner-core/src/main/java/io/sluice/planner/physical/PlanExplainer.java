package io.sluice.planner.physical;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.planner.changelog.InferredPlan;
import io.sluice.planner.changelog.SinkDecision;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes a physical plan as Flink's EXPLAIN does: root first, one node a line, children under
 * {@code +- } (the last input) or {@code :- } (the others), three characters of indent per level. A node
 * that several parents share (a source read once by a statement set's INSERTs) is written once, as its
 * own tree marked {@code (reuse_id=[n])} before the first tree that uses it, and then referred to as
 * {@code Reused(reference_id=[n])}.
 */
public final class PlanExplainer {
    private final InferredPlan plan;
    private final boolean withChangelogMode;
    private final StringBuilder text = new StringBuilder();
    private final Set<PhysicalNode> shared;
    private final Map<PhysicalNode, Integer> reuseIds = new IdentityHashMap<>();

    private PlanExplainer(InferredPlan plan, boolean withChangelogMode, Set<PhysicalNode> shared) {
        this.plan = plan;
        this.withChangelogMode = withChangelogMode;
        this.shared = shared;
    }

    /** The plans of {@code roots}, separated by a blank line. */
    public static String explain(List<PhysicalNode> roots, InferredPlan plan, boolean withChangelogMode) {
        PlanExplainer explainer = new PlanExplainer(plan, withChangelogMode, sharedNodes(roots));
        roots.forEach(explainer::writeTree);
        return explainer.text.toString();
    }

    /** Nodes that more than one parent reads. */
    private static Set<PhysicalNode> sharedNodes(List<PhysicalNode> roots) {
        Set<PhysicalNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<PhysicalNode> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<PhysicalNode> pending = new ArrayDeque<>(roots);
        while (!pending.isEmpty()) {
            PhysicalNode node = pending.pop();
            if (seen.add(node)) {
                pending.addAll(node.inputs());
            } else {
                shared.add(node);
            }
        }
        return shared;
    }

    /** Writes the trees of the shared nodes below {@code root} not written yet, then {@code root}'s tree. */
    private void writeTree(PhysicalNode root) {
        for (PhysicalNode input : root.inputs()) {
            writeSharedBelow(input);
        }
        if (shared.contains(root)) {
            reuseIds.put(root, reuseIds.size() + 1);
        }
        if (!text.isEmpty()) {
            text.append('\n');
        }
        write(root, new ArrayList<>());
    }

    private void writeSharedBelow(PhysicalNode node) {
        if (reuseIds.containsKey(node)) {
            return;
        }
        if (shared.contains(node)) {
            writeTree(node);
        } else {
            node.inputs().forEach(this::writeSharedBelow);
        }
    }

    /** @param lastFlags for each ancestor level and this node: whether it is its parent's last input */
    private void write(PhysicalNode node, List<Boolean> lastFlags) {
        writeIndent(lastFlags);
        Integer reuseId = reuseIds.get(node);
        if (reuseId != null && !lastFlags.isEmpty()) {
            text.append("Reused(reference_id=[").append(reuseId).append("])\n");
            return;
        }
        if (plan.dropsUpdateBeforeAbove(node)) {
            text.append(dropUpdateBeforeLine(node)).append('\n');
            lastFlags = new ArrayList<>(lastFlags);
            lastFlags.add(true);
            writeIndent(lastFlags);
        }
        text.append(line(node)).append(reuseId == null ? "" : "(reuse_id=[" + reuseId + "])").append('\n');
        List<PhysicalNode> inputs = node.inputs();
        for (int i = 0; i < inputs.size(); i++) {
            List<Boolean> childFlags = new ArrayList<>(lastFlags);
            childFlags.add(i == inputs.size() - 1);
            write(inputs.get(i), childFlags);
        }
    }

    private void writeIndent(List<Boolean> lastFlags) {
        for (int i = 0; i < lastFlags.size() - 1; i++) {
            text.append(lastFlags.get(i) ? "   " : ":  ");
        }
        if (!lastFlags.isEmpty()) {
            text.append(lastFlags.get(lastFlags.size() - 1) ? "+- " : ":- ");
        }
    }

    /** The node that drops the -U of {@code below}: it has no attributes but its mode, which Flink omits when empty. */
    private String dropUpdateBeforeLine(PhysicalNode below) {
        return withChangelogMode ? "DropUpdateBefore(changelogMode=["
                + plan.mode(below).without(RowKind.UPDATE_BEFORE).toOptionString() + "])" : "DropUpdateBefore";
    }

    private String line(PhysicalNode node) {
        ExplainTerms terms = new ExplainTerms(plan::inputRetracts);
        node.explainTerms(terms);
        if (node instanceof PhysicalNodes.Sink sink) {
            materializerTerms(terms, sink, plan.sink(sink));
        }
        if (withChangelogMode) {
            ChangelogMode mode = plan.mode(node);
            terms.item("changelogMode", mode.kinds().isEmpty() ? "NONE" : mode.toOptionString());
        }
        return terms.nameOr(node.name()) + "(" + terms + ")";
    }

    private static void materializerTerms(ExplainTerms terms, PhysicalNodes.Sink sink, SinkDecision decision) {
        if (decision == null || !decision.upsertMaterialize()) {
            // as Flink, a clause that needs no materializer (the key already matches) still shows
            terms.itemIf("conflictStrategy", sink.onConflict(), sink.onConflict() != null);
            return;
        }
        List<String> names = sink.input().fieldNames();
        terms.item("upsertMaterialize", true).item("conflictStrategy", decision.conflictStrategy());
        if (decision.upsertKey().length > 0) {
            terms.item("upsertKey", names(names, decision.upsertKey()));
        } else {
            terms.item("matchFields", names(names, decision.matchFields()));
        }
        terms.itemIf("nonDeterministic", String.join(", ", decision.nonDeterministic()),
                !decision.nonDeterministic().isEmpty());
    }

    private static String names(List<String> names, int[] indexes) {
        return Arrays.stream(indexes).mapToObj(names::get).collect(Collectors.joining(", "));
    }
}
