package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.codegen.CodeGenerationException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** String, date/time and non-deterministic functions. */
class FunctionCodeGenTest {
    private static final List<String> NAMES = List.of("s", "t2", "i", "d", "ts", "ltz");
    private static final List<LogicalType> TYPES = List.of(LogicalType.string(), LogicalType.string(),
            LogicalType.intType(), LogicalType.date(), LogicalType.timestamp(3), LogicalType.timestampLtz(3));
    private static final LocalDateTime TS = LocalDateTime.of(2026, 10, 12, 8, 5, 9, 123_000_000);

    private final CalcRunner runner = new CalcRunner(NAMES, TYPES);

    private Object eval(String expression, Object... fields) {
        Object[] row = new Object[NAMES.size()];
        System.arraycopy(fields, 0, row, 0, fields.length);
        return runner.value("SELECT " + expression + " FROM t", row);
    }

    @Test
    void upperLowerAndCharLength() {
        assertThat(eval("UPPER(s)", "Straße")).isEqualTo("STRASSE");
        assertThat(eval("LOWER(s)", "AbC")).isEqualTo("abc");
        assertThat(eval("CHAR_LENGTH(s)", "héllo")).isEqualTo(5);
        assertThat(eval("UPPER(s)")).isNull();
    }

    @Test
    void concatIsNullWhenAnyArgumentIs() {
        assertThat(eval("CONCAT(s, '|', t2)", "a", "b")).isEqualTo("a|b");
        assertThat(eval("s || '-' || t2", "a", "b")).isEqualTo("a-b");
        assertThat(eval("CONCAT(s, '|', t2)", "a", null)).isNull();
    }

    @Test
    void concatWsSkipsNullArgumentsButNotANullSeparator() {
        assertThat(eval("CONCAT_WS('|', s, t2, 'z')", "a", null)).isEqualTo("a|z");
        assertThat(eval("CONCAT_WS('|', s, t2)", "", "b")).isEqualTo("|b");
        assertThat(eval("CONCAT_WS(t2, s, 'z')", "a", null)).isNull();
    }

    @Test
    void substringCountsFromOneAndFromTheEndWhenNegative() {
        assertThat(eval("SUBSTRING(s FROM 2 FOR 3)", "abcdef")).isEqualTo("bcd");
        assertThat(eval("SUBSTRING(s, 4)", "abcdef")).isEqualTo("def");
        assertThat(eval("SUBSTRING(s, -2)", "abcdef")).isEqualTo("ef");
        assertThat(eval("SUBSTRING(s, 10)", "abcdef")).isEqualTo("");
        assertThat(eval("SUBSTRING(s, i)", "abcdef", null, null)).isNull();
    }

    @Test
    void trimRemovesTheGivenCharactersOnTheGivenSide() {
        assertThat(eval("TRIM(s)", "  a b  ")).isEqualTo("a b");
        assertThat(eval("TRIM(LEADING 'x' FROM s)", "xxaxx")).isEqualTo("axx");
        assertThat(eval("TRIM(TRAILING 'x' FROM s)", "xxaxx")).isEqualTo("xxa");
    }

    @Test
    void md5IsThirtyTwoHexDigits() {
        assertThat(eval("MD5(s)", "abc")).isEqualTo("900150983cd24fb0d6963f7d28e17f72");
        assertThat(eval("MD5(CONCAT(CAST(i AS STRING), '|', CAST(d AS STRING), '|', s))", "01", null, 10,
                LocalDate.of(2026, 10, 9))).isEqualTo(eval("MD5(s)", "10|2026-10-09|01"));
    }

    @Test
    void extractReadsDatetimeFields() {
        Object[] row = {null, null, null, LocalDate.of(2026, 10, 11), TS};
        assertThat(eval("EXTRACT(YEAR FROM d)", row)).isEqualTo(2026L);
        assertThat(eval("EXTRACT(MONTH FROM ts)", row)).isEqualTo(10L);
        assertThat(eval("EXTRACT(DAY FROM d)", row)).isEqualTo(11L);
        assertThat(eval("EXTRACT(HOUR FROM ts)", row)).isEqualTo(8L);
        assertThat(eval("EXTRACT(MINUTE FROM ts)", row)).isEqualTo(5L);
        assertThat(eval("EXTRACT(SECOND FROM ts)", row)).isEqualTo(9L);
        assertThat(eval("EXTRACT(QUARTER FROM d)", row)).isEqualTo(4L);
        assertThat(eval("EXTRACT(DOW FROM d)", row)).isEqualTo(1L);
        assertThat(eval("EXTRACT(YEAR FROM ts)")).isNull();
    }

    @Test
    void dateFormatUsesJavaPatterns() {
        Object[] row = {"2026-10-12 08:05:09", null, null, LocalDate.of(2026, 10, 11), TS};
        assertThat(eval("DATE_FORMAT(ts, 'yyyy-MM-dd')", row)).isEqualTo("2026-10-12");
        assertThat(eval("DATE_FORMAT(ts, 'yyyy/MM/dd HH:mm:ss.SSS')", row)).isEqualTo("2026/10/12 08:05:09.123");
        assertThat(eval("DATE_FORMAT(s, 'HH:mm')", row)).isEqualTo("08:05");
        assertThat(eval("DATE_FORMAT(ts, s)", "yyyy", null, null, null, TS)).isEqualTo("2026");
    }

    @Test
    void dateFormatRejectsAnInvalidPatternAtPlanningTime() {
        assertThatThrownBy(() -> runner.generate("SELECT DATE_FORMAT(ts, 'yyyy-bb') FROM t"))
                .isInstanceOf(CodeGenerationException.class)
                .hasMessageContaining("DATE_FORMAT pattern 'yyyy-bb' is not valid")
                .hasMessageContaining("unknown letter 'b'");
    }

    @Test
    void dateFormatOfTimestampLtzUsesTheSessionZone() {
        CalcRunner tokyo = new CalcRunner(NAMES, TYPES, ZoneId.of("Asia/Tokyo"));
        Object[] row = {null, null, null, null, null, Instant.parse("2026-10-11T15:00:00Z")};
        assertThat(tokyo.value("SELECT DATE_FORMAT(ltz, 'yyyy-MM-dd HH') FROM t", row)).isEqualTo("2026-10-12 00");
    }

    @Test
    void currentTimeIsReadForEveryRowWithMillisecondPrecision() throws InterruptedException {
        CalcFunction calc = runner.compile("SELECT CURRENT_TIMESTAMP, NOW(), LOCALTIMESTAMP, CURRENT_DATE FROM t");
        Instant before = Instant.ofEpochMilli(System.currentTimeMillis());
        Row first = calc.apply(Row.insert(new Object[NAMES.size()]));
        Thread.sleep(5);
        Row second = calc.apply(Row.insert(new Object[NAMES.size()]));
        Instant current = (Instant) first.field(0);
        assertThat(current).isBetween(before, Instant.now());
        assertThat(current.getNano() % 1_000_000).isZero();
        assertThat((Instant) second.field(0)).isAfter(current);
        assertThat(first.field(1)).isInstanceOf(Instant.class);
        assertThat(first.field(2)).isInstanceOf(LocalDateTime.class);
        assertThat(first.field(3)).isEqualTo(LocalDate.ofInstant(current, ZoneId.of("UTC")));
    }

    @Test
    void currentTimestampCastToTimestampKeepsMilliseconds() {
        Object value = eval("CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3))");
        assertThat(value).isInstanceOf(LocalDateTime.class);
    }

    @Test
    void randAndUuidChangePerRowAndASeedRepeats() {
        CalcFunction calc = runner.compile("SELECT RAND(), `UUID`(), RAND(42), RAND_INTEGER(10) FROM t");
        Row first = calc.apply(Row.insert(new Object[NAMES.size()]));
        Row second = calc.apply(Row.insert(new Object[NAMES.size()]));
        assertThat(first.field(0)).isNotEqualTo(second.field(0));
        assertThat((String) first.field(1)).hasSize(36).isNotEqualTo(second.field(1));
        assertThat((Integer) first.field(3)).isBetween(0, 9);
        CalcFunction again = runner.compile("SELECT RAND(), `UUID`(), RAND(42), RAND_INTEGER(10) FROM t");
        assertThat(again.apply(Row.insert(new Object[NAMES.size()])).field(2)).isEqualTo(first.field(2));
    }

    @Test
    void timestampPlusIntervalMovesTheTimestamp() {
        Object[] row = {null, null, null, LocalDate.of(2026, 1, 31), TS};
        assertThat(eval("ts - INTERVAL '5' SECOND", row)).isEqualTo(TS.minusSeconds(5));
        assertThat(eval("ts + INTERVAL '1' HOUR", row)).isEqualTo(TS.plusHours(1));
        assertThat(eval("d + INTERVAL '1' MONTH", row)).isEqualTo(LocalDate.of(2026, 2, 28));
    }
}
