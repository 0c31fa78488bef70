package io.sluice.runtime.operators.aggregate;

import io.sluice.api.types.LogicalType;

/**
 * How a sum is held in a generated accumulator: a primitive {@code long} for integral arguments, a
 * {@code double} for approximate ones, a {@code BigDecimal} for DECIMAL. Produces the source fragments
 * for arithmetic and for the cast to the aggregate's result type.
 */
enum NumericKind {
    LONG("long", "0L", "Long"),
    DOUBLE("double", "0.0d", "Double"),
    DECIMAL("java.math.BigDecimal", "java.math.BigDecimal.ZERO", "java.math.BigDecimal");

    private final String javaType;
    private final String zero;
    private final String boxedType;

    NumericKind(String javaType, String zero, String boxedType) {
        this.javaType = javaType;
        this.zero = zero;
        this.boxedType = boxedType;
    }

    static NumericKind of(LogicalType argType) {
        return switch (argType.root()) {
            case TINYINT, SMALLINT, INT, BIGINT -> LONG;
            case FLOAT, DOUBLE -> DOUBLE;
            case DECIMAL -> DECIMAL;
            default -> throw new IllegalArgumentException("Cannot sum or average values of type " + argType);
        };
    }

    String javaType() {
        return javaType;
    }

    String zero() {
        return zero;
    }

    /** The primitive (or BigDecimal) value of an input field, an {@code Object} expression. */
    String fromInput(String value) {
        return switch (this) {
            case LONG -> "((Number) " + value + ").longValue()";
            case DOUBLE -> "((Number) " + value + ").doubleValue()";
            case DECIMAL -> "((java.math.BigDecimal) " + value + ")";
        };
    }

    String add(String left, String right) {
        return this == DECIMAL ? left + ".add(" + right + ")" : "(" + left + " + " + right + ")";
    }

    String subtract(String left, String right) {
        return this == DECIMAL ? left + ".subtract(" + right + ")" : "(" + left + " - " + right + ")";
    }

    /** The held value as an {@code Object}, for a partial encoding. */
    String box(String held) {
        return this == DECIMAL ? held : boxedType + ".valueOf(" + held + ")";
    }

    /** The held value from a partial encoding's {@code Object}. */
    String unbox(String boxed) {
        return switch (this) {
            case LONG -> "((Long) " + boxed + ").longValue()";
            case DOUBLE -> "((Double) " + boxed + ").doubleValue()";
            case DECIMAL -> "((java.math.BigDecimal) " + boxed + ")";
        };
    }

    /** {@code held / count} as SQL's AVG computes it: integral division truncates, DECIMAL keeps the result's scale. */
    String divide(String held, String count, LogicalType resultType) {
        return switch (this) {
            case LONG -> castTo("(" + held + " / " + count + ")", resultType);
            case DOUBLE -> castTo("(" + held + " / (double) " + count + ")", resultType);
            case DECIMAL -> castTo(held + ".divide(java.math.BigDecimal.valueOf(" + count + "), "
                    + Math.max(resultType.scale(), 0) + ", java.math.RoundingMode.HALF_UP)", resultType);
        };
    }

    /** The held value cast to the Java class of {@code resultType}, as an {@code Object} expression. */
    String castTo(String held, LogicalType resultType) {
        String number = this == DECIMAL ? held : "((" + javaType + ") " + held + ")";
        return switch (resultType.root()) {
            case TINYINT -> "Byte.valueOf((byte) " + primitive(number, "long") + ")";
            case SMALLINT -> "Short.valueOf((short) " + primitive(number, "long") + ")";
            case INT -> "Integer.valueOf((int) " + primitive(number, "long") + ")";
            case BIGINT -> "Long.valueOf(" + primitive(number, "long") + ")";
            case FLOAT -> "Float.valueOf((float) " + primitive(number, "double") + ")";
            case DOUBLE -> "Double.valueOf(" + primitive(number, "double") + ")";
            case DECIMAL -> toDecimal(number) + ".setScale(" + resultType.scale()
                    + ", java.math.RoundingMode.HALF_UP)";
            default -> throw new IllegalArgumentException("Aggregate result type " + resultType + " is not numeric");
        };
    }

    private String primitive(String number, String type) {
        if (this == DECIMAL) {
            return number + "." + type + "Value()";
        }
        return this.javaType.equals(type) ? number : "((" + type + ") " + number + ")";
    }

    private String toDecimal(String number) {
        return switch (this) {
            case LONG -> "java.math.BigDecimal.valueOf(" + number + ")";
            case DOUBLE -> "new java.math.BigDecimal(Double.toString(" + number + "))";
            case DECIMAL -> number;
        };
    }
}
