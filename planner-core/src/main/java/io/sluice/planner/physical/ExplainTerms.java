package io.sluice.planner.physical;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** The {@code name=[value]} attributes of one node in EXPLAIN, in order. */
public final class ExplainTerms {
    private final List<String> items = new ArrayList<>();
    private final Predicate<PhysicalNode> inputRetracts;

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
