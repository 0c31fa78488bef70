package io.sluice.runtime.functions;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Locale;

/**
 * CAST between character strings and other types for generated code, with Flink's text forms: dates in
 * ISO form, timestamps as {@code 2026-10-12 00:00:00.000} with as many fraction digits as the type's
 * precision, booleans as {@code TRUE}/{@code FALSE}. Parsing trims blanks and fails with an error
 * naming the value and the target type.
 */
public final class CastFunctions {
    private static final int NANO_DIGITS = 9;

    private CastFunctions() {
    }

    /** A CHAR(n) value (blank-padded to n) or a VARCHAR(n) value (cut at n). */
    public static String fitLength(String value, int length, boolean pad) {
        if (value.length() > length) {
            return value.substring(0, length);
        }
        return pad && value.length() < length ? value + " ".repeat(length - value.length()) : value;
    }

    public static String dateToString(LocalDate date) {
        return date.toString();
    }

    /** {@code HH:mm:ss} plus {@code precision} fraction digits. */
    public static String timeToString(LocalTime time, int precision) {
        StringBuilder text = new StringBuilder(9 + precision);
        appendTime(text, time, precision);
        return text.toString();
    }

    /** {@code yyyy-MM-dd HH:mm:ss} plus {@code precision} fraction digits, as Flink casts TIMESTAMP(p). */
    public static String timestampToString(LocalDateTime timestamp, int precision) {
        StringBuilder text = new StringBuilder(20 + precision).append(timestamp.toLocalDate()).append(' ');
        appendTime(text, timestamp.toLocalTime(), precision);
        return text.toString();
    }

    private static void appendTime(StringBuilder text, LocalTime time, int precision) {
        appendTwoDigits(text, time.getHour()).append(':');
        appendTwoDigits(text, time.getMinute()).append(':');
        appendTwoDigits(text, time.getSecond());
        if (precision > 0) {
            text.append('.');
            int nanos = time.getNano();
            for (int digit = 0, divisor = 100_000_000; digit < precision; digit++, divisor /= 10) {
                text.append((char) ('0' + nanos / divisor % 10));
            }
        }
    }

    private static StringBuilder appendTwoDigits(StringBuilder text, int value) {
        return text.append(value < 10 ? "0" : "").append(value);
    }

    public static boolean parseBoolean(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "t", "yes", "y", "1" -> true;
            case "false", "f", "no", "n", "0" -> false;
            default -> throw invalid(value, "BOOLEAN", null);
        };
    }

    /** An integer within {@code [min, max]}, for TINYINT to BIGINT. */
    public static long parseIntegral(String value, long min, long max, String typeName) {
        long parsed;
        try {
            parsed = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw invalid(value, typeName, e);
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException("Cannot cast '" + value + "' to " + typeName + ": out of range");
        }
        return parsed;
    }

    public static double parseDouble(String value, String typeName) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw invalid(value, typeName, e);
        }
    }

    /** DECIMAL(precision, scale), rounded HALF_UP; null when the value does not fit (Flink's overflow). */
    public static BigDecimal parseDecimal(String value, int precision, int scale) {
        try {
            return DecimalFunctions.fit(new BigDecimal(value.trim()), precision, scale);
        } catch (NumberFormatException e) {
            throw invalid(value, "DECIMAL(" + precision + ", " + scale + ")", e);
        }
    }

    /** {@code yyyy-M-d}, optionally followed by a time part that is ignored. */
    public static LocalDate parseDate(String value) {
        try {
            return parseDatePart(value.trim());
        } catch (RuntimeException e) {
            throw invalid(value, "DATE", e);
        }
    }

    /** {@code H:m[:s[.fraction]]}, cut to {@code precision} fraction digits. */
    public static LocalTime parseTime(String value, int precision) {
        try {
            return TemporalFunctions.truncate(parseTimePart(value.trim()), precision);
        } catch (RuntimeException e) {
            throw invalid(value, "TIME(" + precision + ")", e);
        }
    }

    /** {@code yyyy-M-d[( |T)H:m[:s[.fraction]]]}, cut to {@code precision} fraction digits. */
    public static LocalDateTime parseTimestamp(String value, int precision) {
        String text = value.trim();
        try {
            int separator = Math.max(text.indexOf(' '), text.indexOf('T'));
            if (separator < 0) {
                return parseDatePart(text).atStartOfDay();
            }
            LocalTime time = parseTimePart(text.substring(separator + 1).trim());
            return TemporalFunctions.truncate(parseDatePart(text.substring(0, separator)).atTime(time), precision);
        } catch (RuntimeException e) {
            throw invalid(value, "TIMESTAMP(" + precision + ")", e);
        }
    }

    private static LocalDate parseDatePart(String text) {
        int end = text.indexOf(' ') >= 0 ? text.indexOf(' ') : text.indexOf('T') >= 0 ? text.indexOf('T') : text.length();
        String[] parts = text.substring(0, end).split("-", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("expected yyyy-MM-dd");
        }
        return LocalDate.of(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
    }

    private static LocalTime parseTimePart(String text) {
        String[] parts = text.split(":", -1);
        if (parts.length < 2 || parts.length > 3) {
            throw new IllegalArgumentException("expected HH:mm:ss");
        }
        int seconds = 0;
        int nanos = 0;
        if (parts.length == 3) {
            String[] secondParts = parts[2].split("\\.", -1);
            seconds = Integer.parseInt(secondParts[0]);
            if (secondParts.length == 2) {
                nanos = parseFraction(secondParts[1]);
            }
        }
        return LocalTime.of(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), seconds, nanos);
    }

    private static int parseFraction(String digits) {
        if (digits.isEmpty() || digits.length() > NANO_DIGITS || !digits.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("expected 1 to 9 fraction digits");
        }
        return Integer.parseInt(digits + "0".repeat(NANO_DIGITS - digits.length()));
    }

    private static IllegalArgumentException invalid(String value, String typeName, Exception cause) {
        String reason = cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage();
        return new IllegalArgumentException("Cannot cast '" + value + "' to " + typeName + reason, cause);
    }
}
