package io.sluice.runtime.execution;

import io.sluice.runtime.operators.StreamOperator;
import io.sluice.runtime.plan.ExecNode;
import java.util.HashMap;
import java.util.Map;

/**
 * Which operator runs each kind of plan node: one entry per node class, looked up by the node's own
 * class (plan nodes are records, so no subclass can stand in for another).
 *
 * @param <C> what the operators need besides their node, such as the subtask's failure handler
 */
final class OperatorTable<C> {
    /** Makes one subtask's operator for a node of type {@code N}. */
    @FunctionalInterface
    interface Creator<N, C> {
        StreamOperator create(N node, C context);
    }

    private final Map<Class<?>, Creator<ExecNode, C>> creators = new HashMap<>();

    <N extends ExecNode> OperatorTable<C> with(Class<N> type, Creator<? super N, C> creator) {
        creators.put(type, (node, context) -> creator.create(type.cast(node), context));
        return this;
    }

    boolean has(ExecNode node) {
        return creators.containsKey(node.getClass());
    }

    /**
     * The operator for {@code node}.
     *
     * @throws IllegalArgumentException for a node this table has no entry for
     */
    StreamOperator create(ExecNode node, C context) {
        Creator<ExecNode, C> creator = creators.get(node.getClass());
        if (creator == null) {
            throw new IllegalArgumentException("Plan node " + OperatorNames.of(node) + " has no operator");
        }
        return creator.create(node, context);
    }
}
