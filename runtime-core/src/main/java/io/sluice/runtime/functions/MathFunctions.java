package io.sluice.runtime.functions;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numeric functions for generated code, with Flink's semantics: ROUND rounds half away from zero and
 * TRUNCATE cuts toward zero at a number of decimal places (negative places work left of the point),
 * both computed exactly on the decimal value of the number.
 */
public final class MathFunctions {
    private MathFunctions() {
    }

    public static long round(long value, int places) {
        return places >= 0 ? value : scale(BigDecimal.valueOf(value), places, RoundingMode.HALF_UP).longValue();
    }

    public static double round(double value, int places) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return scale(BigDecimal.valueOf(value), places, RoundingMode.HALF_UP).doubleValue();
    }

    /** DECIMAL rounded to {@code places}, as DECIMAL(precision, scale) (null when it no longer fits). */
    public static BigDecimal round(BigDecimal value, int places, int precision, int scale) {
        return DecimalFunctions.fit(scale(value, places, RoundingMode.HALF_UP), precision, scale);
    }

    public static long truncate(long value, int places) {
        return places >= 0 ? value : scale(BigDecimal.valueOf(value), places, RoundingMode.DOWN).longValue();
    }

    public static double truncate(double value, int places) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return scale(BigDecimal.valueOf(value), places, RoundingMode.DOWN).doubleValue();
    }

    public static BigDecimal truncate(BigDecimal value, int places, int precision, int scale) {
        return DecimalFunctions.fit(scale(value, places, RoundingMode.DOWN), precision, scale);
    }

    private static BigDecimal scale(BigDecimal value, int places, RoundingMode mode) {
        return value.setScale(places, mode).setScale(Math.max(places, 0), RoundingMode.UNNECESSARY);
    }

    /** FLOOR or CEIL of a DECIMAL, an integral value in DECIMAL(precision, 0). */
    public static BigDecimal floor(BigDecimal value, int precision) {
        return DecimalFunctions.fit(value.setScale(0, RoundingMode.FLOOR), precision, 0);
    }

    public static BigDecimal ceil(BigDecimal value, int precision) {
        return DecimalFunctions.fit(value.setScale(0, RoundingMode.CEILING), precision, 0);
    }

    /** SIGN of a DECIMAL: -1, 0 or 1 in the argument's type. */
    public static BigDecimal sign(BigDecimal value, int precision, int scale) {
        return DecimalFunctions.fit(BigDecimal.valueOf(value.signum()), precision, scale);
    }

    /** LOG2(x); fails for x not above zero, as Flink does. */
    public static double log2(double value) {
        if (value <= 0.0) {
            throw new IllegalArgumentException("The argument of LOG2 must be greater than 0, but is " + value);
        }
        return Math.log(value) / Math.log(2);
    }
}
