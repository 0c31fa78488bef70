package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The nodes of a plan in topological order (inputs before the nodes reading them), each once even
 * when several parents share it, and who reads each node. Nodes are identified by their id.
 */
final class PlanTopology {
    private final List<ExecNode> ordered = new ArrayList<>();
    private final Map<Integer, List<Consumer>> consumers = new HashMap<>();

    /** A node reading another one, as its input number {@code side}. */
    record Consumer(ExecNode node, int side) {
    }

    PlanTopology(ExecPlan plan) {
        Map<Integer, ExecNode> visited = new LinkedHashMap<>();
        for (ExecNode root : plan.roots()) {
            visit(root, visited);
        }
    }

    private void visit(ExecNode node, Map<Integer, ExecNode> visited) {
        ExecNode known = visited.get(node.id());
        if (known != null) {
            if (known != node && !known.equals(node)) {
                throw new IllegalArgumentException("Plan has two different nodes with id " + node.id());
            }
            return;
        }
        visited.put(node.id(), node);
        List<ExecNode> inputs = node.inputs();
        for (int side = 0; side < inputs.size(); side++) {
            visit(inputs.get(side), visited);
            consumers.computeIfAbsent(inputs.get(side).id(), id -> new ArrayList<>()).add(new Consumer(node, side));
        }
        ordered.add(node);
    }

    List<ExecNode> ordered() {
        return ordered;
    }

    /** The nodes reading {@code node}, in plan order. */
    List<Consumer> consumersOf(ExecNode node) {
        return consumers.getOrDefault(node.id(), List.of());
    }
}
