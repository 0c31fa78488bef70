package io.sluice.planner.physical;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** The {@code name=[value]} attributes of one node in EXPLAIN, in order. */
public final class ExplainTerms {
    private final List<String> items = new ArrayList<>();
    private final Predicate<PhysicalNode> inputRetracts;
    private String name;

    /** Terms of a plan whose changelog is not known yet: no aggregate is shown as retracting. */
    public ExplainTerms() {
        this(node -> false);
    }

    /** @param inputRetracts whether a node's input may retract (its aggregates print as {@code COUNT_RETRACT}) */
    public ExplainTerms(Predicate<PhysicalNode> inputRetracts) {
        this.inputRetracts = inputRetracts;
    }

    boolean inputRetracts(PhysicalNode node) {
        return inputRetracts.test(node);
    }

    /** Shows the node under another name than its own, as Flink's plan names a node of this shape. */
    ExplainTerms named(String nodeName) {
        this.name = nodeName;
        return this;
    }

    /** The name given by {@link #named}, else {@code own}. */
    String nameOr(String own) {
        return name == null ? own : name;
    }

    public ExplainTerms item(String name, Object value) {
        items.add(name + "=[" + value + "]");
        return this;
    }

    public ExplainTerms itemIf(String name, Object value, boolean condition) {
        return condition ? item(name, value) : this;
    }

    @Override
    public String toString() {
        return String.join(", ", items);
    }
}
