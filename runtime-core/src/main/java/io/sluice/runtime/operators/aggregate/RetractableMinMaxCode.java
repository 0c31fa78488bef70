package io.sluice.runtime.operators.aggregate;

import java.util.function.IntFunction;

/**
 * MIN or MAX over retracting input: keeps the multiset of values (value -> count, sorted), because
 * after the extreme value is retracted the next one must be known.
 */
final class RetractableMinMaxCode implements AggregateFunctionCode {
    private final String values;
    private final String reader;

    RetractableMinMaxCode(String prefix, boolean min) {
        this.values = prefix + "values";
        this.reader = ValueMultisets.class.getName() + (min ? ".smallest(" : ".largest(");
    }

    @Override
    public String fields() {
        return "private final java.util.TreeMap " + values + " = new java.util.TreeMap();\n";
    }

    @Override
    public String accumulate(String input) {
        return MultisetCode.add(values, input, "1L");
    }

    @Override
    public String retract(String input) {
        return MultisetCode.add(values, input, "-1L");
    }

    @Override
    public int partialArity() {
        return 1;
    }

    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = new java.util.TreeMap(" + values + ");\n";
    }

    @Override
    public String merge(IntFunction<String> slot) {
        return "{\njava.util.Iterator it = ((java.util.Map) " + slot.apply(0) + ").entrySet().iterator();\n"
                + "while (it.hasNext()) {\n"
                + "  java.util.Map.Entry e = (java.util.Map.Entry) it.next();\n"
                + MultisetCode.add(values, "e.getKey()", "((Long) e.getValue()).longValue()")
                + "}\n}\n";
    }

    @Override
    public String value() {
        return reader + values + ")";
    }
}
