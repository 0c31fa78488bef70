package io.sluice.runtime.operators.aggregate;

import io.sluice.runtime.codegen.JavaStrings;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import java.util.function.IntFunction;

/**
 * FIRST_VALUE, LAST_VALUE and LISTAGG: the non-NULL values in the order they arrived. Without retraction
 * FIRST_VALUE keeps the first and LAST_VALUE the latest only; with retraction every value is kept, and
 * a retracted value takes back its earliest copy, so that the next one is known when the first or last
 * goes.
 */
final class ValueSequenceCode implements AggregateFunctionCode {
    private final String values;
    private final AggFunction function;
    private final boolean retracting;
    private final String separator;

    /** @param separator what LISTAGG puts between values */
    ValueSequenceCode(String prefix, AggFunction function, boolean retracting, String separator) {
        this.values = prefix + "values";
        this.function = function;
        this.retracting = retracting;
        this.separator = separator;
    }

    @Override
    public String fields() {
        return "private final java.util.ArrayList " + values + " = new java.util.ArrayList();\n";
    }

    @Override
    public String accumulate(String value) {
        if (retracting || function == AggFunction.LISTAGG) {
            return values + ".add(" + value + ");\n";
        }
        return function == AggFunction.FIRST_VALUE
                ? "if (" + values + ".isEmpty()) { " + values + ".add(" + value + "); }\n"
                : values + ".clear();\n" + values + ".add(" + value + ");\n";
    }

    @Override
    public String retract(String value) {
        return values + ".remove(" + value + ");\n";
    }

    @Override
    public int partialArity() {
        return 1;
    }

    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = new java.util.ArrayList(" + values + ");\n";
    }

    /** Restores a checkpoint: the encoding is the whole sequence (these functions have no local phase). */
    @Override
    public String merge(IntFunction<String> slot) {
        return values + ".addAll((java.util.List) " + slot.apply(0) + ");\n";
    }

    @Override
    public String value() {
        String sequences = ValueSequences.class.getName();
        return switch (function) {
            case FIRST_VALUE -> sequences + ".first(" + values + ")";
            case LAST_VALUE -> sequences + ".last(" + values + ")";
            default -> sequences + ".join(" + values + ", " + JavaStrings.literal(separator) + ")";
        };
    }
}
