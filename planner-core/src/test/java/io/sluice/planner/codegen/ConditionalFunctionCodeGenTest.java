package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** GREATEST, LEAST, NULLIF, IF, IFNULL, IS [NOT] DISTINCT FROM and TRY_CAST. */
class ConditionalFunctionCodeGenTest {
    private final SampleRow row = SampleRow.empty();

    @Test
    void greatestAndLeastAreNullWhenAnyArgumentIs() {
        assertThat(row.with("i", 5).eval("GREATEST(i, 2, 9)")).isEqualTo(9);
        assertThat(row.with("i", 5).eval("LEAST(i, 2, 9)")).isEqualTo(2);
        assertThat(row.with("s", "b").eval("GREATEST(s, 'a')")).isEqualTo("b");
        assertThat(row.with("amt", new BigDecimal("1.5000")).eval("GREATEST(amt, i)")).isNull();
        assertThat(row.with("i", 5).eval("LEAST(i, l)")).isNull();
    }

    @Test
    void nullIfIfAndIfNull() {
        assertThat(row.with("i", 1).eval("NULLIF(i, 1)")).isNull();
        assertThat(row.with("i", 2).eval("NULLIF(i, 1)")).isEqualTo(2);
        assertThat(row.with("i", 2).eval("IF(i > 1, 'big', 'small')")).isEqualTo("big");
        assertThat(row.eval("IF(i > 1, 'big', 'small')")).isEqualTo("small");
        assertThat(row.eval("IFNULL(s, 'none')")).isEqualTo("none");
        assertThat(row.with("s", "x").eval("IFNULL(s, 'none')")).isEqualTo("x");
    }

    @Test
    void isDistinctFromTreatsNullsAsEqual() {
        assertThat(row.eval("i IS DISTINCT FROM l")).isEqualTo(false);
        assertThat(row.with("i", 1).eval("i IS DISTINCT FROM l")).isEqualTo(true);
        assertThat(row.with("i", 1).with("l", 1L).eval("i IS NOT DISTINCT FROM l")).isEqualTo(true);
        assertThat(row.with("s", "a").eval("s IS NOT DISTINCT FROM t2")).isEqualTo(false);
    }

    @Test
    void tryCastGivesNullWhereCastFails() {
        assertThat(row.with("s", " 12 ").eval("TRY_CAST(s AS INT)")).isEqualTo(12);
        assertThat(row.with("s", "12x").eval("TRY_CAST(s AS INT)")).isNull();
        assertThat(row.with("s", "2026-02-30").eval("TRY_CAST(s AS DATE)")).isNull();
        assertThat(row.with("s", "2026-02-03").eval("TRY_CAST(s AS DATE)")).isEqualTo(LocalDate.of(2026, 2, 3));
        assertThat(row.eval("TRY_CAST(s AS INT)")).isNull();
    }
}
