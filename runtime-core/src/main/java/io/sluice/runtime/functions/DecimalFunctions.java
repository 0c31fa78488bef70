package io.sluice.runtime.functions;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * DECIMAL arithmetic for generated code: results are rounded HALF_UP to the result type's scale and are
 * NULL ({@code null}) when they do not fit its precision, as in Flink.
 */
public final class DecimalFunctions {
    private DecimalFunctions() {
    }

    /** {@code value} with exactly {@code scale} fractional digits, or null when it is null or needs more than {@code precision} digits. */
    public static BigDecimal fit(BigDecimal value, int precision, int scale) {
        if (value == null) {
            return null;
        }
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        return scaled.precision() > precision ? null : scaled;
    }

    /** A double as DECIMAL(precision, scale); NaN and infinities have no decimal value and give null. */
    public static BigDecimal fromDouble(double value, int precision, int scale) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return null;
        }
        return fit(BigDecimal.valueOf(value), precision, scale);
    }

    public static BigDecimal add(BigDecimal left, BigDecimal right, int precision, int scale) {
        return fit(left.add(right), precision, scale);
    }

    public static BigDecimal subtract(BigDecimal left, BigDecimal right, int precision, int scale) {
        return fit(left.subtract(right), precision, scale);
    }

    public static BigDecimal multiply(BigDecimal left, BigDecimal right, int precision, int scale) {
        return fit(left.multiply(right), precision, scale);
    }

    /** @throws ArithmeticException when {@code right} is zero */
    public static BigDecimal divide(BigDecimal left, BigDecimal right, int precision, int scale) {
        if (right.signum() == 0) {
            throw new ArithmeticException("Division by zero: " + left.toPlainString() + " / " + right.toPlainString());
        }
        return fit(left.divide(right, scale, RoundingMode.HALF_UP), precision, scale);
    }

    /** @throws ArithmeticException when {@code right} is zero */
    public static BigDecimal mod(BigDecimal left, BigDecimal right, int precision, int scale) {
        if (right.signum() == 0) {
            throw new ArithmeticException("Division by zero: MOD(" + left.toPlainString() + ", "
                    + right.toPlainString() + ")");
        }
        return fit(left.remainder(right), precision, scale);
    }
}
