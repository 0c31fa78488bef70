package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class CastCodeGenTest {
    private static final List<String> NAMES = List.of("i", "l", "dbl", "amt", "s", "d", "ts", "ltz", "b");
    private static final List<LogicalType> TYPES = List.of(LogicalType.intType(), LogicalType.bigint(),
            LogicalType.doubleType(), LogicalType.decimal(12, 4), LogicalType.string(), LogicalType.date(),
            LogicalType.timestamp(3), LogicalType.timestampLtz(3), LogicalType.booleanType());
    private static final LocalDateTime TS = LocalDateTime.of(2026, 10, 12, 0, 0);

    private final CalcRunner runner = new CalcRunner(NAMES, TYPES);

    private Object cast(String expression, Object... fields) {
        Object[] row = new Object[NAMES.size()];
        System.arraycopy(fields, 0, row, 0, fields.length);
        return runner.value("SELECT " + expression + " FROM t", row);
    }

    @Test
    void valuesPrintAsFlinkPrintsThem() {
        assertThat(cast("CAST(i AS STRING)", 42)).isEqualTo("42");
        assertThat(cast("CAST(amt AS STRING)", null, null, null, new BigDecimal("30.0000"))).isEqualTo("30.0000");
        assertThat(cast("CAST(d AS STRING)", null, null, null, null, null, LocalDate.of(2026, 10, 9)))
                .isEqualTo("2026-10-09");
        assertThat(cast("CAST(ts AS STRING)", null, null, null, null, null, null, TS)).isEqualTo("2026-10-12 00:00:00.000");
        assertThat(cast("CAST(b AS STRING)", null, null, null, null, null, null, null, null, true)).isEqualTo("TRUE");
        assertThat(cast("CAST(i AS VARCHAR(1))", 42)).isEqualTo("4");
        assertThat(cast("CAST(i AS CHAR(4))", 42)).isEqualTo("42  ");
    }

    @Test
    void timestampLtzPrintsInTheSessionTimeZone() {
        CalcRunner shanghai = new CalcRunner(NAMES, TYPES, ZoneId.of("Asia/Shanghai"));
        Object[] row = {null, null, null, null, null, null, null, Instant.parse("2026-10-11T16:00:00Z"), null};
        assertThat(shanghai.value("SELECT CAST(ltz AS STRING) FROM t", row)).isEqualTo("2026-10-12 00:00:00.000");
        assertThat(shanghai.value("SELECT CAST(ltz AS TIMESTAMP(3)) FROM t", row)).isEqualTo(TS);
        assertThat(runner.value("SELECT CAST(ltz AS TIMESTAMP(3)) FROM t", row))
                .isEqualTo(LocalDateTime.of(2026, 10, 11, 16, 0));
    }

    @Test
    void stringsParseIntoEveryType() {
        assertThat(cast("CAST(s AS INT)", null, null, null, null, " 12 ")).isEqualTo(12);
        assertThat(cast("CAST(s AS BIGINT)", null, null, null, null, "-9000000000")).isEqualTo(-9_000_000_000L);
        assertThat(cast("CAST(s AS DOUBLE)", null, null, null, null, "1.5")).isEqualTo(1.5d);
        assertThat(cast("CAST(s AS DECIMAL(5, 2))", null, null, null, null, "1.005")).isEqualTo(new BigDecimal("1.01"));
        assertThat(cast("CAST(s AS DATE)", null, null, null, null, "2026-10-09")).isEqualTo(LocalDate.of(2026, 10, 9));
        assertThat(cast("CAST(s AS TIMESTAMP(3))", null, null, null, null, "2026-10-12 08:30:00.123456"))
                .isEqualTo(LocalDateTime.of(2026, 10, 12, 8, 30, 0, 123_000_000));
        assertThat(cast("CAST(s AS TIME)", null, null, null, null, "08:30:15")).isEqualTo(LocalTime.of(8, 30, 15));
        assertThat(cast("CAST(s AS BOOLEAN)", null, null, null, null, "true")).isEqualTo(true);
    }

    @Test
    void aStringThatDoesNotParseFailsNamingTheValue() {
        assertThatThrownBy(() -> cast("CAST(s AS INT)", null, null, null, null, "12x"))
                .hasMessageContaining("Cannot cast '12x' to INT");
        assertThatThrownBy(() -> cast("CAST(s AS DATE)", null, null, null, null, "2026-13-01"))
                .hasMessageContaining("Cannot cast '2026-13-01' to DATE");
        assertThatThrownBy(() -> cast("CAST(s AS TINYINT)", null, null, null, null, "300"))
                .hasMessageContaining("Cannot cast '300' to TINYINT: out of range");
    }

    @Test
    void numbersNarrowLikeJavaAndDecimalsRoundHalfUp() {
        assertThat(cast("CAST(dbl AS INT)", null, null, -2.7d)).isEqualTo(-2);
        assertThat(cast("CAST(l AS INT)", null, 4_294_967_297L)).isEqualTo(1);
        assertThat(cast("CAST(amt AS DECIMAL(10, 2))", null, null, null, new BigDecimal("2.3450")))
                .isEqualTo(new BigDecimal("2.35"));
        assertThat(cast("CAST(amt AS INT)", null, null, null, new BigDecimal("7.9000"))).isEqualTo(7);
        assertThat(cast("CAST(i AS DECIMAL(5, 2))", 7)).isEqualTo(new BigDecimal("7.00"));
        assertThat(cast("CAST(dbl AS DECIMAL(4, 1))", null, null, 0.25d)).isEqualTo(new BigDecimal("0.3"));
        assertThat(cast("CAST(i AS DOUBLE)", 3)).isEqualTo(3.0d);
    }

    @Test
    void decimalOverflowIsNull() {
        assertThat(cast("CAST(i AS DECIMAL(3, 1))", 1234)).isNull();
        assertThat(cast("CAST(s AS DECIMAL(3, 1))", null, null, null, null, "1234")).isNull();
    }

    @Test
    void datetimesConvertBetweenEachOther() {
        assertThat(cast("CAST(d AS TIMESTAMP(3))", null, null, null, null, null, LocalDate.of(2026, 10, 9)))
                .isEqualTo(LocalDateTime.of(2026, 10, 9, 0, 0));
        assertThat(cast("CAST(ts AS DATE)", null, null, null, null, null, null, TS.plusHours(5)))
                .isEqualTo(LocalDate.of(2026, 10, 12));
        assertThat(cast("CAST(ts AS TIMESTAMP(0))", null, null, null, null, null, null, TS.plusNanos(999_000_000)))
                .isEqualTo(TS);
        assertThat(cast("CAST(ts AS TIMESTAMP(3) WITH LOCAL TIME ZONE)", null, null, null, null, null, null, TS))
                .isEqualTo(Instant.parse("2026-10-12T00:00:00Z"));
    }

    @Test
    void nullCastsToNullOfAnyType() {
        assertThat(cast("CAST(s AS INT)")).isNull();
        assertThat(cast("CAST(NULL AS DATE)")).isNull();
        assertThat(cast("CAST(i AS STRING)")).isNull();
    }

    @Test
    void theSeed003CastChainGivesBackTheDate() {
        LocalDate day = LocalDate.of(2026, 10, 9);
        assertThat(cast("CAST(CAST(d AS STRING) AS DATE)", null, null, null, null, null, day)).isEqualTo(day);
    }
}
