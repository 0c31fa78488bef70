package io.sluice.runtime.functions;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * Date and time support for generated code: the current time (read per row, with millisecond
 * precision, as Flink's streaming mode does), fraction truncation and interval arithmetic.
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
}
