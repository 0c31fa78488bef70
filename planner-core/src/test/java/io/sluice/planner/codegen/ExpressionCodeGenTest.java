package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Arithmetic, comparisons, logic and conditional expressions. */
class ExpressionCodeGenTest {
    private static final List<String> NAMES = List.of("i", "j", "l", "dbl", "amt", "price", "s", "d", "b");
    private static final List<LogicalType> TYPES = List.of(LogicalType.intType(), LogicalType.intType(),
            LogicalType.bigint(), LogicalType.doubleType(), LogicalType.decimal(12, 4), LogicalType.decimal(10, 2),
            LogicalType.string(), LogicalType.date(), LogicalType.booleanType());

    private final CalcRunner runner = new CalcRunner(NAMES, TYPES);

    /** Evaluates {@code expression} on a row with the given leading fields (the rest NULL). */
    private Object eval(String expression, Object... fields) {
        Object[] row = new Object[NAMES.size()];
        System.arraycopy(fields, 0, row, 0, fields.length);
        return runner.value("SELECT " + expression + " FROM t", row);
    }

    @Test
    void integerArithmeticWrapsAndDividesTowardZero() {
        assertThat(eval("i + j", Integer.MAX_VALUE, 1)).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("i / j", -7, 2)).isEqualTo(-3);
        assertThat(eval("MOD(i, j)", 7, 3)).isEqualTo(1);
        assertThat(eval("i * l", 3, 0, 5_000_000_000L)).isEqualTo(15_000_000_000L);
        assertThat(eval("-i", 4)).isEqualTo(-4);
        assertThat(eval("i + dbl", 1, 0, 0L, 0.5d)).isEqualTo(1.5d);
    }

    @Test
    void integerDivisionByZeroFails() {
        assertThatThrownBy(() -> eval("i / j", 1, 0)).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void arithmeticWithNullIsNull() {
        assertThat(eval("i + j", 1, null)).isNull();
        assertThat(eval("amt * price")).isNull();
    }

    @Test
    void decimalArithmeticHonoursTheResultScale() {
        BigDecimal amount = new BigDecimal("10.0000");
        BigDecimal price = new BigDecimal("3.00");
        Object[] row = {null, null, null, null, amount, price};
        assertThat(eval("amt + price", row)).isEqualTo(new BigDecimal("13.0000"));
        assertThat(eval("amt * price", row)).isEqualTo(new BigDecimal("30.000000"));
        assertThat(eval("amt / price", row)).isEqualTo(new BigDecimal("3.333333333333333"));
        assertThat(eval("amt - i", 1, null, null, null, amount)).isEqualTo(new BigDecimal("9.0000"));
        assertThat(eval("amt * 2", row)).isEqualTo(new BigDecimal("20.0000"));
    }

    @Test
    void decimalDivisionByZeroFails() {
        assertThatThrownBy(() -> eval("amt / price", null, null, null, null, BigDecimal.ONE, new BigDecimal("0.00")))
                .isInstanceOf(ArithmeticException.class).hasMessageContaining("Division by zero");
    }

    @Test
    void comparisonsPromoteMixedNumbers() {
        assertThat(eval("i < l", 3, null, 4L)).isEqualTo(true);
        assertThat(eval("amt = i", 3, null, null, null, new BigDecimal("3.0000"))).isEqualTo(true);
        assertThat(eval("dbl >= amt", null, null, null, 2.5d, new BigDecimal("2.5000"))).isEqualTo(true);
        assertThat(eval("s <> 'a'", null, null, null, null, null, null, "b")).isEqualTo(true);
        assertThat(eval("s < 'b'", null, null, null, null, null, null, "a")).isEqualTo(true);
        assertThat(eval("d > DATE '2026-01-01'", null, null, null, null, null, null, null, LocalDate.of(2026, 2, 1)))
                .isEqualTo(true);
        assertThat(eval("i = j", 1, null)).isNull();
    }

    @Test
    void isDistinctFromTreatsNullsAsValues() {
        assertThat(eval("i IS DISTINCT FROM j", null, null)).isEqualTo(false);
        assertThat(eval("i IS DISTINCT FROM j", 1, null)).isEqualTo(true);
        assertThat(eval("i IS NOT DISTINCT FROM j", 2, 2)).isEqualTo(true);
    }

    @Test
    void andOrNotFollowThreeValuedLogic() {
        assertThat(eval("b AND i > 0", null, null)).isNull();
        assertThat(eval("b AND i > 0", -1, null)).isEqualTo(false);
        assertThat(eval("b OR i > 0", 1, null)).isEqualTo(true);
        assertThat(eval("b OR i > 0", -1, null)).isNull();
        assertThat(eval("NOT b")).isNull();
        Object[] trueRow = {1, null, null, null, null, null, null, null, true};
        assertThat(eval("NOT b", trueRow)).isEqualTo(false);
        assertThat(eval("b AND i > 0", trueRow)).isEqualTo(true);
    }

    @Test
    void isTrueFalseAndNullNeverReturnNull() {
        assertThat(eval("b IS TRUE")).isEqualTo(false);
        assertThat(eval("b IS NOT TRUE")).isEqualTo(true);
        assertThat(eval("b IS FALSE")).isEqualTo(false);
        assertThat(eval("b IS NOT FALSE")).isEqualTo(true);
        assertThat(eval("s IS NULL")).isEqualTo(true);
        assertThat(eval("i IS NOT NULL", 1)).isEqualTo(true);
    }

    @Test
    void caseTakesTheFirstTrueBranchAndSkipsTheOthers() {
        String expression = "CASE WHEN j = 0 THEN -1 WHEN i / j > 1 THEN 1 ELSE 0 END";
        assertThat(eval(expression, 5, 0)).isEqualTo(-1);
        assertThat(eval(expression, 5, 2)).isEqualTo(1);
        assertThat(eval(expression, 1, 2)).isEqualTo(0);
        assertThat(eval("CASE WHEN i > 0 THEN 'pos' END", -1)).isNull();
        assertThat(eval("CASE WHEN i > 0 THEN 'a' ELSE 'bb' END", 1)).isEqualTo("a");
    }

    @Test
    void coalesceAndNullIfPickTheFirstNonNull() {
        assertThat(eval("COALESCE(i, j, 0)", null, 5)).isEqualTo(5);
        assertThat(eval("COALESCE(i, j, 0)")).isEqualTo(0);
        assertThat(eval("NULLIF(i, j)", 3, 3)).isNull();
        assertThat(eval("COALESCE(s, 'none')")).isEqualTo("none");
    }

    @Test
    void inListsAndRangesAreExpanded() {
        assertThat(eval("i IN (1, 3, 5)", 3)).isEqualTo(true);
        assertThat(eval("i IN (1, 3, 5)", 4)).isEqualTo(false);
        assertThat(eval("i NOT IN (1, 3)", 4)).isEqualTo(true);
        assertThat(eval("i IN (1, 3)")).isNull();
        assertThat(eval("i BETWEEN 2 AND 4", 4)).isEqualTo(true);
        assertThat(eval("s IN ('a', 'b')", null, null, null, null, null, null, "b")).isEqualTo(true);
    }

    @Test
    void likeMatchesWithWildcardsAndEscapes() {
        Object[] row = {null, null, null, null, null, null, "50% off"};
        assertThat(eval("s LIKE '50%'", row)).isEqualTo(true);
        assertThat(eval("s LIKE '5_\\%%' ESCAPE '\\'", row)).isEqualTo(true);
        assertThat(eval("s LIKE '_'", row)).isEqualTo(false);
        assertThat(eval("s NOT LIKE '%off'", row)).isEqualTo(false);
        assertThat(eval("s LIKE 'x.*'", null, null, null, null, null, null, "x.*")).isEqualTo(true);
    }
}
