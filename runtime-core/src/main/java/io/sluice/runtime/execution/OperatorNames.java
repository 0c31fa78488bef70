package io.sluice.runtime.execution;

import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;

/** Names of plan nodes in thread names and error messages, such as {@code GroupAggregate[3]}. */
final class OperatorNames {
    private OperatorNames() {
    }

    static String of(ExecNode node) {
        String name = node.getClass().getSimpleName() + "[" + node.id() + "]";
        if (node instanceof ExecNodes.Source source) {
            return name + " " + source.table().table();
        }
        if (node instanceof ExecNodes.Sink sink) {
            return name + " " + sink.table().table();
        }
        return name;
    }

    /** With the full table name, for errors: {@code Sink[7] default_catalog.default_database.out}. */
    static String qualified(ExecNode node) {
        if (node instanceof ExecNodes.Source source) {
            return "Source[" + node.id() + "] " + source.table();
        }
        if (node instanceof ExecNodes.Sink sink) {
            return "Sink[" + node.id() + "] " + sink.table();
        }
        return of(node);
    }
}
