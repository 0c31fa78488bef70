package io.sluice.runtime.operators.aggregate;

import java.util.function.IntFunction;

/** MIN or MAX over insert-only input: the current extreme value only, so it cannot retract. */
final class MinMaxCode implements AggregateFunctionCode {
    private final String value;
    private final String better;
    private final String functionName;

    MinMaxCode(String prefix, boolean min) {
        this.value = prefix + "value";
        this.better = min ? " < 0" : " > 0";
        this.functionName = min ? "MIN" : "MAX";
    }

    @Override
    public String fields() {
        return "private Comparable " + value + ";\n";
    }

    @Override
    public String accumulate(String input) {
        return "if (" + value + " == null || ((Comparable) " + input + ").compareTo(" + value + ")" + better + ") {\n"
                + "  " + value + " = (Comparable) " + input + ";\n}\n";
    }

    @Override
    public String retract(String input) {
        return "throw new UnsupportedOperationException(\"" + functionName
                + " was planned for insert-only input but got a retraction\");\n";
    }

    @Override
    public int partialArity() {
        return 1;
    }

    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = " + value + ";\n";
    }

    @Override
    public String merge(IntFunction<String> slot) {
        return "if (" + slot.apply(0) + " != null) {\n" + accumulate(slot.apply(0)) + "}\n";
    }

    @Override
    public String value() {
        return value;
    }
}
