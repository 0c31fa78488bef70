package io.sluice.runtime.functions;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Conversions between date-time values, epoch numbers and text, with Flink's semantics: text that does
 * not parse gives NULL, patterns are {@link DateTimePatterns}, the default text form is
 * {@code yyyy-MM-dd HH:mm:ss}, and local values convert to instants in the session time zone.
 */
public final class TimeConversionFunctions {
    private static final String DEFAULT_PATTERN = "yyyy-MM-dd HH:mm:ss";
    private static final int MILLIS_PRECISION = 3;

    private TimeConversionFunctions() {
    }

    /** {@code TO_TIMESTAMP(text)}: {@code yyyy-MM-dd[ HH:mm[:ss[.fraction]]]}; NULL when it does not parse. */
    public static LocalDateTime toTimestamp(String text) {
        try {
            return CastFunctions.parseTimestamp(text, MILLIS_PRECISION);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** {@code TO_TIMESTAMP(text, pattern)}; NULL when the text does not match the pattern. */
    public static LocalDateTime toTimestamp(String text, String pattern) {
        try {
            return TemporalFunctions.truncate(DateTimePatterns.parse(text, pattern), MILLIS_PRECISION);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** {@code TO_DATE(text)}: {@code yyyy-MM-dd}; NULL when it does not parse. */
    public static LocalDate toDate(String text) {
        try {
            return CastFunctions.parseDate(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public static LocalDate toDate(String text, String pattern) {
        LocalDateTime timestamp = toTimestamp(text, pattern);
        return timestamp == null ? null : timestamp.toLocalDate();
    }

    /** {@code UNIX_TIMESTAMP()}: the current time in seconds since the epoch. */
    public static long unixTimestamp() {
        return System.currentTimeMillis() / 1000;
    }

    /** {@code UNIX_TIMESTAMP(text[, pattern])}: epoch seconds of a local time text; NULL when it does not parse. */
    public static Long unixTimestamp(String text, String pattern, ZoneId zone) {
        LocalDateTime timestamp = toTimestamp(text, pattern);
        return timestamp == null ? null : timestamp.atZone(zone).toEpochSecond();
    }

    public static Long unixTimestamp(String text, ZoneId zone) {
        return unixTimestamp(text, DEFAULT_PATTERN, zone);
    }

    /** {@code FROM_UNIXTIME(seconds[, pattern])}: the local time of epoch seconds as text. */
    public static String fromUnixtime(long seconds, String pattern, ZoneId zone) {
        return LocalDateTime.ofInstant(Instant.ofEpochSecond(seconds), zone).format(DateTimePatterns.formatter(pattern));
    }

    public static String fromUnixtime(long seconds, ZoneId zone) {
        return fromUnixtime(seconds, DEFAULT_PATTERN, zone);
    }

    /** {@code DATE_FORMAT(timestamp, pattern)}. */
    public static String dateFormat(LocalDateTime timestamp, String pattern) {
        return timestamp.format(DateTimePatterns.formatter(pattern));
    }

    /**
     * {@code CONVERT_TZ(text, fromZone, toZone)}: a {@code yyyy-MM-dd HH:mm:ss} local time in one zone as
     * the same instant's local time in another; NULL when the text does not parse.
     */
    public static String convertTz(String text, String fromZone, String toZone) {
        LocalDateTime local = toTimestamp(text, DEFAULT_PATTERN);
        if (local == null) {
            return null;
        }
        LocalDateTime converted = local.atZone(zone(fromZone)).withZoneSameInstant(zone(toZone)).toLocalDateTime();
        return converted.format(DateTimePatterns.formatter(DEFAULT_PATTERN));
    }

    private static ZoneId zone(String id) {
        try {
            return ZoneId.of(id);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("'" + id + "' is not a time zone: " + e.getMessage(), e);
        }
    }

    /** {@code TO_TIMESTAMP_LTZ(epoch)}: epoch milliseconds. */
    public static Instant toTimestampLtz(long epoch) {
        return Instant.ofEpochMilli(epoch);
    }

    public static Instant toTimestampLtz(double epoch) {
        return toTimestampLtz(epoch, MILLIS_PRECISION);
    }

    public static Instant toTimestampLtz(BigDecimal epoch) {
        return toTimestampLtz(epoch, MILLIS_PRECISION);
    }

    /** {@code TO_TIMESTAMP_LTZ(epoch, precision)}: epoch seconds (precision 0) or milliseconds (precision 3). */
    public static Instant toTimestampLtz(long epoch, int precision) {
        checkEpochPrecision(precision);
        return precision == 0 ? Instant.ofEpochSecond(epoch) : Instant.ofEpochMilli(epoch);
    }

    public static Instant toTimestampLtz(double epoch, int precision) {
        if (Double.isNaN(epoch) || Double.isInfinite(epoch)) {
            return null;
        }
        return toTimestampLtz(BigDecimal.valueOf(epoch), precision);
    }

    /** Fractions of the unit count down to whole milliseconds. */
    public static Instant toTimestampLtz(BigDecimal epoch, int precision) {
        checkEpochPrecision(precision);
        return Instant.ofEpochMilli(epoch.movePointRight(MILLIS_PRECISION - precision).longValue());
    }

    /** @throws IllegalArgumentException unless {@code precision} is 0 (seconds) or 3 (milliseconds) */
    public static void checkEpochPrecision(long precision) {
        if (precision != 0 && precision != MILLIS_PRECISION) {
            throw new IllegalArgumentException("TO_TIMESTAMP_LTZ takes precision 0 (seconds) or 3 (milliseconds), not "
                    + precision);
        }
    }
}
