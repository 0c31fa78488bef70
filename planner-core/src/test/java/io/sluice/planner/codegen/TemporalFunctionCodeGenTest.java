package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** Date-time functions: parts, rounding, differences, conversions and formats. */
class TemporalFunctionCodeGenTest {
    private static final LocalDateTime TS = LocalDateTime.of(2026, 10, 14, 8, 5, 9, 123_000_000);
    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

    private final SampleRow row = SampleRow.empty().with("ts", TS).with("d", LocalDate.of(2026, 10, 11));

    @Test
    void partsOfADatetime() {
        assertThat(row.eval("YEAR(ts)")).isEqualTo(2026L);
        assertThat(row.eval("QUARTER(ts)")).isEqualTo(4L);
        assertThat(row.eval("MONTH(ts)")).isEqualTo(10L);
        assertThat(row.eval("WEEK(ts)")).isEqualTo(42L);
        assertThat(row.eval("DAYOFYEAR(d)")).isEqualTo(284L);
        assertThat(row.eval("DAYOFMONTH(d)")).isEqualTo(11L);
        assertThat(row.eval("DAYOFWEEK(d)")).isEqualTo(1L);
        assertThat(row.eval("HOUR(ts)")).isEqualTo(8L);
        assertThat(row.eval("MINUTE(ts)")).isEqualTo(5L);
        assertThat(row.eval("SECOND(ts)")).isEqualTo(9L);
        assertThat(SampleRow.empty().eval("HOUR(ts)")).isNull();
    }

    @Test
    void floorAndCeilToAUnit() {
        assertThat(row.eval("FLOOR(ts TO HOUR)")).isEqualTo(LocalDateTime.of(2026, 10, 14, 8, 0));
        assertThat(row.eval("CEIL(ts TO HOUR)")).isEqualTo(LocalDateTime.of(2026, 10, 14, 9, 0));
        assertThat(row.eval("FLOOR(ts TO WEEK)")).isEqualTo(LocalDateTime.of(2026, 10, 11, 0, 0));
        assertThat(row.eval("FLOOR(ts TO QUARTER)")).isEqualTo(LocalDateTime.of(2026, 10, 1, 0, 0));
        assertThat(row.eval("CEIL(ts TO YEAR)")).isEqualTo(LocalDateTime.of(2027, 1, 1, 0, 0));
        assertThat(row.eval("CEIL(d TO MONTH)")).isEqualTo(LocalDate.of(2026, 11, 1));
        assertThat(row.eval("CEIL(FLOOR(ts TO DAY) TO DAY)")).isEqualTo(LocalDateTime.of(2026, 10, 14, 0, 0));
        assertThat(SampleRow.empty().eval("FLOOR(ts TO DAY)")).isNull();
    }

    @Test
    void floorOfATimestampLtzUsesTheSessionZone() {
        SampleRow shanghai = SampleRow.inZone(SHANGHAI).with("ltz", Instant.parse("2026-10-14T20:30:00Z"));
        assertThat(shanghai.eval("FLOOR(ltz TO DAY)")).isEqualTo(Instant.parse("2026-10-14T16:00:00Z"));
    }

    @Test
    void timestampAddAndDiff() {
        assertThat(row.eval("TIMESTAMPADD(HOUR, 20, ts)")).isEqualTo(TS.plusHours(20));
        assertThat(row.eval("TIMESTAMPADD(MONTH, -1, d)")).isEqualTo(LocalDate.of(2026, 9, 11));
        assertThat(row.eval("TIMESTAMPDIFF(DAY, CAST(d AS TIMESTAMP(3)), ts)")).isEqualTo(3);
        assertThat(row.eval("TIMESTAMPDIFF(HOUR, ts, CAST(d AS TIMESTAMP(3)))")).isEqualTo(-80);
        assertThat(row.eval("TIMESTAMPDIFF(MONTH, d, DATE '2027-01-10')")).isEqualTo(2);
        assertThat(row.eval("TIMESTAMPDIFF(YEAR, d, DATE '2028-10-11')")).isEqualTo(2);
        assertThat(row.eval("TIMESTAMPDIFF(SECOND, ts, CAST(NULL AS TIMESTAMP(3)))")).isNull();
    }

    @Test
    void toTimestampAndToDateParseOrGiveNull() {
        SampleRow text = row.with("s", "2026-10-14 08:05:09.123456");
        assertThat(text.eval("TO_TIMESTAMP(s)")).isEqualTo(TS);
        assertThat(row.with("s", "14/10/2026 08h05").eval("TO_TIMESTAMP(s, 'dd/MM/yyyy HH''h''mm')"))
                .isEqualTo(LocalDateTime.of(2026, 10, 14, 8, 5));
        assertThat(row.with("s", "2026-10-14").eval("TO_DATE(s)")).isEqualTo(LocalDate.of(2026, 10, 14));
        assertThat(row.with("s", "20261014").eval("TO_DATE(s, 'yyyyMMdd')")).isEqualTo(LocalDate.of(2026, 10, 14));
        assertThat(row.with("s", "yesterday").eval("TO_TIMESTAMP(s)")).isNull();
        assertThat(row.with("s", "2026-13-01").eval("TO_DATE(s, 'yyyy-MM-dd')")).isNull();
        assertThat(row.eval("TO_DATE(s)")).isNull();
    }

    @Test
    void unixTimestampsInTheSessionZone() {
        SampleRow shanghai = SampleRow.inZone(SHANGHAI);
        assertThat(shanghai.with("s", "1970-01-01 08:00:01").eval("UNIX_TIMESTAMP(s)")).isEqualTo(1L);
        assertThat(shanghai.with("s", "1970/01/01 08").eval("UNIX_TIMESTAMP(s, 'yyyy/MM/dd HH')")).isEqualTo(0L);
        assertThat(shanghai.with("s", "garbage").eval("UNIX_TIMESTAMP(s)")).isNull();
        assertThat(shanghai.with("l", 0L).eval("FROM_UNIXTIME(l)")).isEqualTo("1970-01-01 08:00:00");
        assertThat(shanghai.with("i", 86_400).eval("FROM_UNIXTIME(i, 'yyyy/MM/dd')")).isEqualTo("1970/01/02");
        assertThat(shanghai.eval("FROM_UNIXTIME(l)")).isNull();
        long now = System.currentTimeMillis() / 1000;
        assertThat((Long) shanghai.eval("UNIX_TIMESTAMP()")).isBetween(now, now + 60);
    }

    @Test
    void convertTzAndToTimestampLtz() {
        assertThat(row.with("s", "2026-10-14 08:00:00").eval("CONVERT_TZ(s, 'UTC', 'Asia/Shanghai')"))
                .isEqualTo("2026-10-14 16:00:00");
        assertThat(row.with("s", "bad").eval("CONVERT_TZ(s, 'UTC', 'Asia/Shanghai')")).isNull();
        assertThatThrownBy(() -> row.with("s", "2026-10-14 08:00:00").eval("CONVERT_TZ(s, 'UTC', 'Mars/Base')"))
                .hasMessageContaining("'Mars/Base' is not a time zone");
        assertThat(row.with("l", 1_700_000_000L).eval("TO_TIMESTAMP_LTZ(l, 0)"))
                .isEqualTo(Instant.ofEpochSecond(1_700_000_000L));
        assertThat(row.with("l", 1_700_000_000_123L).eval("TO_TIMESTAMP_LTZ(l, 3)"))
                .isEqualTo(Instant.ofEpochMilli(1_700_000_000_123L));
        assertThat(row.with("amt", new BigDecimal("1.5000")).eval("TO_TIMESTAMP_LTZ(amt, 0)"))
                .isEqualTo(Instant.ofEpochMilli(1_500));
        assertThat(row.eval("TO_TIMESTAMP_LTZ(l, 3)")).isNull();
        assertThatThrownBy(() -> row.with("l", 1L).eval("TO_TIMESTAMP_LTZ(l, 6)"))
                .hasMessageContaining("precision 0 (seconds) or 3 (milliseconds), not 6");
    }

    @Test
    void dateFormatReadsSimpleDateFormatPatterns() {
        assertThat(row.eval("DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm:ss.SSS')")).isEqualTo("2026-10-14 08:05:09.123");
        assertThat(row.eval("DATE_FORMAT(ts, 'EEE, d MMM yyyy ''at'' h a')")).isEqualTo("Wed, 14 Oct 2026 at 8 AM");
        assertThat(row.eval("DATE_FORMAT(ts, 'u [yyyy]')")).isEqualTo("3 [2026]");
    }

    @Test
    void currentTimeAndLocalTimeAreTimesOfDayInTheSessionZone() {
        Object time = row.eval("CURRENT_TIME");
        assertThat(time).isInstanceOf(LocalTime.class);
        assertThat(((LocalTime) time).getNano()).isZero();
        assertThat(row.eval("LOCALTIME")).isInstanceOf(LocalTime.class);
    }
}
