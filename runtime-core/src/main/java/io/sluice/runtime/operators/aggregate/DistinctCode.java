package io.sluice.runtime.operators.aggregate;

import java.util.function.IntFunction;

/**
 * An aggregate over DISTINCT values, such as COUNT(DISTINCT x): a map value -> count decides when a
 * value first appears (the wrapped function accumulates it) and when its last copy goes (the wrapped
 * function retracts it). The partial encoding is the map alone.
 */
final class DistinctCode implements AggregateFunctionCode {
    private final String seen;
    private final AggregateFunctionCode function;

    DistinctCode(String prefix, AggregateFunctionCode function) {
        this.seen = prefix + "distinct";
        this.function = function;
    }

    @Override
    public String fields() {
        return "private final java.util.HashMap " + seen + " = new java.util.HashMap();\n" + function.fields();
    }

    @Override
    public String accumulate(String value) {
        return change(value, "1L");
    }

    @Override
    public String retract(String value) {
        return change(value, "-1L");
    }

    /** Adds {@code delta} copies of {@code value}; the function sees the value when its count crosses zero. */
    private String change(String value, String delta) {
        return "{\nObject dv = " + value + ";\n"
                + "Long dc = (Long) " + seen + ".get(dv);\n"
                + "long before = dc == null ? 0L : dc.longValue();\n"
                + "long after = before + " + delta + ";\n"
                + "if (after == 0L) { " + seen + ".remove(dv); } else { " + seen + ".put(dv, Long.valueOf(after)); }\n"
                + "if (before <= 0L && after > 0L) {\n" + function.accumulate("dv") + "}\n"
                + "if (before > 0L && after <= 0L) {\n" + function.retract("dv") + "}\n"
                + "}\n";
    }

    @Override
    public int partialArity() {
        return 1;
    }

    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = new java.util.HashMap(" + seen + ");\n";
    }

    @Override
    public String merge(IntFunction<String> slot) {
        return "{\njava.util.Iterator it = ((java.util.Map) " + slot.apply(0) + ").entrySet().iterator();\n"
                + "while (it.hasNext()) {\n"
                + "  java.util.Map.Entry e = (java.util.Map.Entry) it.next();\n"
                + change("e.getKey()", "((Long) e.getValue()).longValue()")
                + "}\n}\n";
    }

    @Override
    public String value() {
        return function.value();
    }

    @Override
    public String valueEquals(String other) {
        return function.valueEquals(other);
    }
}
