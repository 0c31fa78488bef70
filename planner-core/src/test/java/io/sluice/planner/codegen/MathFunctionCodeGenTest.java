package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Numeric functions, each with values, NULL and edge cases. */
class MathFunctionCodeGenTest {
    private final SampleRow row = SampleRow.empty();

    @Test
    void absAndSignKeepTheArgumentType() {
        assertThat(row.with("i", -5).eval("ABS(i)")).isEqualTo(5);
        assertThat(row.with("amt", new BigDecimal("-1.5000")).eval("ABS(amt)")).isEqualTo(new BigDecimal("1.5000"));
        assertThat(row.with("dbl", -0.5).eval("ABS(dbl)")).isEqualTo(0.5);
        assertThat(row.with("l", -7L).eval("SIGN(l)")).isEqualTo(-1L);
        assertThat(row.with("dbl", 2.5).eval("SIGN(dbl)")).isEqualTo(1.0);
        assertThat(row.with("amt", new BigDecimal("0.0000")).eval("SIGN(amt)")).isEqualTo(new BigDecimal("0.0000"));
        assertThat(row.eval("ABS(i)")).isNull();
        assertThat(row.eval("SIGN(amt)")).isNull();
    }

    @Test
    void modFollowsTheDividendSignAndFailsOnZero() {
        assertThat(row.with("i", -7).eval("MOD(i, 3)")).isEqualTo(-1);
        assertThat(row.with("amt", new BigDecimal("7.5000")).eval("MOD(amt, 2)")).isEqualTo(new BigDecimal("1.5000"));
        assertThat(row.eval("MOD(i, 3)")).isNull();
        assertThatThrownBy(() -> row.with("i", 7).eval("MOD(i, i - 7)")).isInstanceOf(ArithmeticException.class);
    }

    /** The result has the divisor's type; the dividend is not narrowed to it first. */
    @Test
    void modOfAWiderDividendKeepsItsValue() {
        assertThat(row.with("l", 2_147_483_648L).eval("MOD(l, 10)")).isEqualTo(8);
        assertThat(row.with("l", Long.MAX_VALUE).eval("MOD(l, 10)")).isEqualTo(7);
        assertThat(row.with("l", Long.MIN_VALUE).eval("MOD(l, 10)")).isEqualTo(-8);
        assertThat(row.eval("MOD(1234567890123, 10)")).isEqualTo(3);
    }

    @Test
    void roundIsHalfAwayFromZeroWithFlinksDecimalType() {
        assertThat(row.with("amt", new BigDecimal("1.2350")).eval("ROUND(amt, 2)")).isEqualTo(new BigDecimal("1.24"));
        assertThat(row.with("amt", new BigDecimal("-1.2350")).eval("ROUND(amt, 2)")).isEqualTo(new BigDecimal("-1.24"));
        assertThat(row.with("amt", new BigDecimal("2.5000")).eval("ROUND(amt)")).isEqualTo(new BigDecimal("3"));
        assertThat(row.with("dbl", 2.675).eval("ROUND(dbl, 2)")).isEqualTo(2.68);
        assertThat(row.with("i", 125).eval("ROUND(i, -1)")).isEqualTo(130);
        assertThat(row.with("i", 125).eval("ROUND(i, 2)")).isEqualTo(125);
        assertThat(row.with("l", 1_250L).eval("ROUND(l, -2)")).isEqualTo(1_300L);
        assertThat(row.eval("ROUND(dbl, 1)")).isNull();
        assertThat(row.with("dbl", Double.NaN).eval("ROUND(dbl, 1)")).isEqualTo(Double.NaN);
    }

    @Test
    void truncateCutsTowardZero() {
        assertThat(row.with("amt", new BigDecimal("-1.2390")).eval("TRUNCATE(amt, 2)"))
                .isEqualTo(new BigDecimal("-1.23"));
        assertThat(row.with("dbl", 12.987).eval("TRUNCATE(dbl, 1)")).isEqualTo(12.9);
        assertThat(row.with("dbl", -12.987).eval("TRUNCATE(dbl)")).isEqualTo(-12.0);
        assertThat(row.with("i", 129).eval("TRUNCATE(i, -1)")).isEqualTo(120);
        assertThat(row.eval("TRUNCATE(i, 1)")).isNull();
    }

    @Test
    void floorAndCeilOfNumbers() {
        assertThat(row.with("dbl", -1.5).eval("FLOOR(dbl)")).isEqualTo(-2.0);
        assertThat(row.with("dbl", -1.5).eval("CEIL(dbl)")).isEqualTo(-1.0);
        assertThat(row.with("amt", new BigDecimal("1.0001")).eval("CEIL(amt)")).isEqualTo(new BigDecimal("2"));
        assertThat(row.with("amt", new BigDecimal("-1.0001")).eval("FLOOR(amt)")).isEqualTo(new BigDecimal("-2"));
        assertThat(row.with("i", 4).eval("CEILING(i)")).isEqualTo(4);
        assertThat(row.eval("FLOOR(amt)")).isNull();
    }

    @Test
    void powerRootsAndLogarithmsComputeInDouble() {
        assertThat(row.with("i", 3).eval("POWER(i, 2)")).isEqualTo(9.0);
        assertThat(row.with("amt", new BigDecimal("2.2500")).eval("SQRT(amt)")).isEqualTo(1.5);
        assertThat(row.with("dbl", -1.0).eval("SQRT(dbl)")).isEqualTo(Double.NaN);
        assertThat((Double) row.with("i", 1).eval("EXP(i)")).isCloseTo(Math.E, within(1e-12));
        assertThat((Double) row.with("dbl", Math.E).eval("LN(dbl)")).isCloseTo(1.0, within(1e-12));
        assertThat(row.with("l", 1000L).eval("LOG10(l)")).isEqualTo(3.0);
        assertThat(row.with("i", 8).eval("LOG2(i)")).isEqualTo(3.0);
        assertThat(row.eval("POWER(dbl, 2)")).isNull();
        assertThat(row.with("i", 2).eval("POWER(i, dbl)")).isNull();
    }

    @Test
    void log2OfZeroOrLessFailsNamingTheValue() {
        assertThatThrownBy(() -> row.with("i", 0).eval("LOG2(i)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LOG2 must be greater than 0, but is 0.0");
    }

    @Test
    void trigonometricFunctions() {
        assertThat((Double) row.with("dbl", Math.PI / 2).eval("SIN(dbl)")).isCloseTo(1.0, within(1e-12));
        assertThat((Double) row.with("dbl", 0.0).eval("COS(dbl)")).isEqualTo(1.0);
        assertThat((Double) row.with("i", 180).eval("RADIANS(i)")).isCloseTo(Math.PI, within(1e-12));
        assertThat((Double) row.with("i", 1).eval("ATAN2(i, i)")).isCloseTo(Math.PI / 4, within(1e-12));
        assertThat(row.eval("DEGREES(dbl)")).isNull();
    }

    @Test
    void randWithASeedRepeatsItsSequence() {
        Object first = row.eval("RAND(7)");
        assertThat(first).isInstanceOf(Double.class).isEqualTo(row.eval("RAND(7)"));
        assertThat((Double) first).isBetween(0.0, 1.0);
    }
}
