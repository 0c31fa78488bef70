package io.sluice.planner.physical;

import io.sluice.api.data.ChangelogMode;
import io.sluice.planner.changelog.InferredPlan;
import io.sluice.planner.changelog.SinkDecision;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes a physical plan as Flink's EXPLAIN does: root first, one node a line, children under
 * {@code +- } (the last input) or {@code :- } (the others), three characters of indent per level.
 */
public final class PlanExplainer {
    private final InferredPlan plan;
    private final boolean withChangelogMode;
    private final StringBuilder text = new StringBuilder();

    private PlanExplainer(InferredPlan plan, boolean withChangelogMode) {
        this.plan = plan;
        this.withChangelogMode = withChangelogMode;
    }

    /** The plans of {@code roots}, separated by a blank line. */
    public static String explain(List<PhysicalNode> roots, InferredPlan plan, boolean withChangelogMode) {
        PlanExplainer explainer = new PlanExplainer(plan, withChangelogMode);
        for (int i = 0; i < roots.size(); i++) {
            if (i > 0) {
                explainer.text.append('\n');
            }
            explainer.write(roots.get(i), new ArrayList<>());
        }
        return explainer.text.toString();
    }

    /** @param lastFlags for each ancestor level and this node: whether it is its parent's last input */
    private void write(PhysicalNode node, List<Boolean> lastFlags) {
        for (int i = 0; i < lastFlags.size() - 1; i++) {
            text.append(lastFlags.get(i) ? "   " : ":  ");
        }
        if (!lastFlags.isEmpty()) {
            text.append(lastFlags.get(lastFlags.size() - 1) ? "+- " : ":- ");
        }
        text.append(line(node)).append('\n');
        List<PhysicalNode> inputs = node.inputs();
        for (int i = 0; i < inputs.size(); i++) {
            List<Boolean> childFlags = new ArrayList<>(lastFlags);
            childFlags.add(i == inputs.size() - 1);
            write(inputs.get(i), childFlags);
        }
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
        return node.name() + "(" + terms + ")";
    }

    private static void materializerTerms(ExplainTerms terms, PhysicalNodes.Sink sink, SinkDecision decision) {
        if (decision == null || !decision.upsertMaterialize()) {
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
