package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.JavaStrings;

/** Java source text for constant values. */
final class JavaLiterals {
    private JavaLiterals() {
    }

    /** A Java string literal with {@code value}'s characters escaped. */
    static String string(String value) {
        return JavaStrings.literal(value);
    }

    static String longValue(long value) {
        return value == Long.MIN_VALUE ? "Long.MIN_VALUE" : "(" + value + "L)";
    }

    static String intValue(int value) {
        return value == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : "(" + value + ")";
    }

    static String doubleValue(double value) {
        if (Double.isNaN(value)) {
            return "Double.NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        }
        return "(" + value + "d)";
    }

    static String floatValue(float value) {
        if (Float.isNaN(value)) {
            return "Float.NaN";
        }
        if (Float.isInfinite(value)) {
            return value > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
        }
        return "(" + value + "f)";
    }
}
