package io.sluice.runtime.functions;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;

/**
 * Date and time support for generated code: the current time (read per row, with millisecond
 * precision, as Flink's streaming mode does), fraction truncation, interval arithmetic and rounding to
 * a unit. Weeks start on Sunday, as in Flink.
 */
public final class TemporalFunctions {
    private static final int[] NANOS_PER_UNIT = {
        1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    private TemporalFunctions() {
    }

    /** The current instant, whole milliseconds. */
    public static Instant currentInstant() {
        return Instant.ofEpochMilli(System.currentTimeMillis());
    }

    public static LocalDateTime localTimestamp(ZoneId zone) {
        return LocalDateTime.ofInstant(currentInstant(), zone);
    }

    public static LocalDate currentDate(ZoneId zone) {
        return LocalDate.ofInstant(currentInstant(), zone);
    }

    public static LocalTime currentTime(ZoneId zone, int precision) {
        return truncate(localTimestamp(zone).toLocalTime(), precision);
    }

    /** {@code value} with at most {@code precision} fraction digits (cut, not rounded, as Flink). */
    public static LocalDateTime truncate(LocalDateTime value, int precision) {
        int nano = value.getNano();
        int cut = nano - nano % NANOS_PER_UNIT[precision];
        return cut == nano ? value : value.withNano(cut);
    }

    public static LocalTime truncate(LocalTime value, int precision) {
        int nano = value.getNano();
        int cut = nano - nano % NANOS_PER_UNIT[precision];
        return cut == nano ? value : value.withNano(cut);
    }

    public static Instant truncate(Instant value, int precision) {
        int nano = value.getNano();
        int cut = nano - nano % NANOS_PER_UNIT[precision];
        return cut == nano ? value : Instant.ofEpochSecond(value.getEpochSecond(), cut);
    }

    public static LocalDateTime plusMillis(LocalDateTime value, long millis) {
        return value.plusNanos(millis * 1_000_000L);
    }

    public static Instant plusMillis(Instant value, long millis) {
        return value.plusMillis(millis);
    }

    /** A date moved by whole days of the interval (a day-time interval added to a DATE keeps the DATE type). */
    public static LocalDate plusMillis(LocalDate value, long millis) {
        return value.plusDays(Math.floorDiv(millis, 86_400_000L));
    }

    public static LocalTime plusMillis(LocalTime value, long millis) {
        return value.plusNanos(millis * 1_000_000L);
    }

    public static LocalDateTime plusMonths(LocalDateTime value, int months) {
        return value.plusMonths(months);
    }

    public static LocalDate plusMonths(LocalDate value, int months) {
        return value.plusMonths(months);
    }

    public static Instant plusMonths(Instant value, int months, ZoneId zone) {
        return value.atZone(zone).plusMonths(months).toInstant();
    }

    /** {@code FLOOR(value TO unit)}: the start of the unit {@code value} falls in. */
    public static LocalDateTime floor(LocalDateTime value, DatetimeUnit unit) {
        LocalDate date = value.toLocalDate();
        return switch (unit) {
            case MILLISECOND -> value.truncatedTo(ChronoUnit.MILLIS);
            case SECOND -> value.truncatedTo(ChronoUnit.SECONDS);
            case MINUTE -> value.truncatedTo(ChronoUnit.MINUTES);
            case HOUR -> value.truncatedTo(ChronoUnit.HOURS);
            case DAY -> date.atStartOfDay();
            case WEEK -> date.minusDays(date.getDayOfWeek().getValue() % 7).atStartOfDay();
            case MONTH -> date.withDayOfMonth(1).atStartOfDay();
            case QUARTER -> LocalDate.of(date.getYear(), (date.getMonthValue() - 1) / 3 * 3 + 1, 1).atStartOfDay();
            case YEAR -> date.withDayOfYear(1).atStartOfDay();
        };
    }

    /** {@code CEIL(value TO unit)}: {@code value} itself at the start of a unit, else the start of the next. */
    public static LocalDateTime ceil(LocalDateTime value, DatetimeUnit unit) {
        LocalDateTime floor = floor(value, unit);
        if (floor.equals(value)) {
            return value;
        }
        return switch (unit) {
            case MILLISECOND -> floor.plus(1, ChronoUnit.MILLIS);
            case SECOND -> floor.plusSeconds(1);
            case MINUTE -> floor.plusMinutes(1);
            case HOUR -> floor.plusHours(1);
            case DAY -> floor.plusDays(1);
            case WEEK -> floor.plusWeeks(1);
            case MONTH -> floor.plusMonths(1);
            case QUARTER -> floor.plusMonths(3);
            case YEAR -> floor.plusYears(1);
        };
    }

    public static LocalDate floor(LocalDate value, DatetimeUnit unit) {
        return floor(value.atStartOfDay(), unit).toLocalDate();
    }

    public static LocalDate ceil(LocalDate value, DatetimeUnit unit) {
        return ceil(value.atStartOfDay(), unit).toLocalDate();
    }

    /** A TIMESTAMP_LTZ rounded in the session time zone. */
    public static Instant floor(Instant value, DatetimeUnit unit, ZoneId zone) {
        return floor(LocalDateTime.ofInstant(value, zone), unit).atZone(zone).toInstant();
    }

    public static Instant ceil(Instant value, DatetimeUnit unit, ZoneId zone) {
        return ceil(LocalDateTime.ofInstant(value, zone), unit).atZone(zone).toInstant();
    }

    /** {@code end - start} as a day-time interval in milliseconds (TIMESTAMPDIFF of days and smaller units). */
    public static long millisBetween(LocalDateTime end, LocalDateTime start) {
        return ChronoUnit.MILLIS.between(start, end);
    }

    public static long millisBetween(LocalDate end, LocalDate start) {
        return ChronoUnit.DAYS.between(start, end) * 86_400_000L;
    }

    public static long millisBetween(LocalTime end, LocalTime start) {
        return ChronoUnit.MILLIS.between(start, end);
    }

    public static long millisBetween(Instant end, Instant start) {
        return ChronoUnit.MILLIS.between(start, end);
    }

    /** {@code end - start} in whole months (TIMESTAMPDIFF of months, quarters and years). */
    public static int monthsBetween(LocalDateTime end, LocalDateTime start) {
        return (int) ChronoUnit.MONTHS.between(start, end);
    }

    public static int monthsBetween(LocalDate end, LocalDate start) {
        return (int) ChronoUnit.MONTHS.between(start, end);
    }

    public static int monthsBetween(Instant end, Instant start, ZoneId zone) {
        return (int) ChronoUnit.MONTHS.between(start.atZone(zone), end.atZone(zone));
    }
}
