package io.sluice.api.data;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.util.HexFormat;
import java.util.Locale;

/** Parses one non-NULL field of a row's text form into the Java value of its column type. */
final class FieldValueParser {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendLiteral(' ').optionalEnd()
            .append(DateTimeFormatter.ISO_LOCAL_TIME)
            .toFormatter(Locale.ROOT)
            // Strict: 2026-02-30 is an error, not quietly February 28.
            .withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter TIMESTAMP_WITH_OFFSET = new DateTimeFormatterBuilder()
            .append(TIMESTAMP)
            .optionalStart().appendLiteral(' ').optionalEnd()
            .appendOffset("+HH:mm:ss", "Z")
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);

    /** 10^0 to 10^9, for fractions of a second: every timestamp of a file needs one. */
    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
        100_000_000, 1_000_000_000};

    private FieldValueParser() {
    }

    /** Strings keep their text as is; every other type ignores surrounding spaces. */
    static Object parse(String text, LogicalType type) {
        String value = text.strip();
        return switch (type.root()) {
            case BOOLEAN -> parseBoolean(value);
            case TINYINT -> Byte.parseByte(value);
            case SMALLINT -> Short.parseShort(value);
            case INT -> Integer.parseInt(value);
            case BIGINT -> Long.parseLong(value);
            case FLOAT -> Float.parseFloat(value);
            case DOUBLE -> Double.parseDouble(value);
            case DECIMAL -> parseDecimal(value, type);
            case CHAR, VARCHAR -> checkLength(text, type);
            case DATE -> LocalDate.parse(value);
            case TIME -> parseTime(value, type);
            case TIMESTAMP -> parseTimestamp(value, type);
            case TIMESTAMP_LTZ -> parseInstant(value, type);
            case BYTES -> parseBytes(value);
            case ROW -> throw new IllegalArgumentException("a ROW value cannot be written as text; "
                    + "declare its fields as columns of their own");
            case MAP -> throw new IllegalArgumentException("a MAP value cannot be written as text");
        };
    }

    private static Boolean parseBoolean(String value) {
        if (value.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (value.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    private static BigDecimal parseDecimal(String value, LogicalType type) {
        BigDecimal decimal;
        try {
            decimal = new BigDecimal(value).setScale(type.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("more than " + type.scale() + " digit(s) after the decimal point");
        }
        if (decimal.precision() > type.precision()) {
            throw new IllegalArgumentException("more than " + (type.precision() - type.scale())
                    + " digit(s) before the decimal point");
        }
        return decimal;
    }

    private static String checkLength(String text, LogicalType type) {
        int length = text.codePointCount(0, text.length());
        if (length > type.length()) {
            throw new IllegalArgumentException(length + " characters, at most " + type.length() + " allowed");
        }
        return text;
    }

    private static LocalTime parseTime(String value, LogicalType type) {
        LocalTime time = LocalTime.parse(value);
        return time.withNano(truncateNanos(time.getNano(), type));
    }

    private static LocalDateTime parseTimestamp(String value, LogicalType type) {
        LocalDateTime timestamp = plainTimestamp(value);
        if (timestamp == null) {
            timestamp = LocalDateTime.parse(value, TIMESTAMP);
        }
        return timestamp.withNano(truncateNanos(timestamp.getNano(), type));
    }

    /**
     * {@code yyyy-MM-dd HH:mm:ss[.fraction]} (or with {@code T}), the form nearly every file row has,
     * read digit by digit: the formatter costs several times more per value. Null for any other form,
     * and for values out of range, which the formatter then parses or explains.
     */
    private static LocalDateTime plainTimestamp(String value) {
        int length = value.length();
        if (length < 19 || length == 20 || length > 29 || value.charAt(4) != '-' || value.charAt(7) != '-'
                || (value.charAt(10) != ' ' && value.charAt(10) != 'T') || value.charAt(13) != ':'
                || value.charAt(16) != ':' || (length > 19 && value.charAt(19) != '.')) {
            return null;
        }
        int year = digits(value, 0, 4);
        int month = digits(value, 5, 7);
        int day = digits(value, 8, 10);
        int hour = digits(value, 11, 13);
        int minute = digits(value, 14, 16);
        int second = digits(value, 17, 19);
        int nanos = 0;
        if (length > 19) {
            int fraction = digits(value, 20, length);
            nanos = fraction < 0 ? -1 : fraction * POWERS_OF_TEN[29 - length];
        }
        if ((year | month | day | hour | minute | second | nanos) < 0) {
            return null;
        }
        try {
            return LocalDateTime.of(year, month, day, hour, minute, second, nanos);
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    /** The decimal number in {@code value[from, to)}, or -1 when a character is not a digit. */
    private static int digits(String value, int from, int to) {
        int number = 0;
        for (int i = from; i < to; i++) {
            int digit = value.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            number = number * 10 + digit;
        }
        return number;
    }

    private static Instant parseInstant(String value, LogicalType type) {
        Instant instant = OffsetDateTime.parse(value, TIMESTAMP_WITH_OFFSET).toInstant();
        return Instant.ofEpochSecond(instant.getEpochSecond(), truncateNanos(instant.getNano(), type));
    }

    /** Cuts the fraction to the type's precision, as a CAST to that type would. */
    private static int truncateNanos(int nanos, LogicalType type) {
        int unit = POWERS_OF_TEN[LogicalType.MAX_TIME_PRECISION - type.precision()];
        return nanos - nanos % unit;
    }

    private static byte[] parseBytes(String value) {
        if ((value.startsWith("x'") || value.startsWith("X'")) && value.endsWith("'") && value.length() >= 3) {
            return HexFormat.of().parseHex(value.substring(2, value.length() - 1));
        }
        if (!value.startsWith("[") || !value.endsWith("]")) {
            throw new IllegalArgumentException("expected bytes such as [1, -2] or x'01fe'");
        }
        String inner = value.substring(1, value.length() - 1).strip();
        if (inner.isEmpty()) {
            return new byte[0];
        }
        String[] parts = inner.split(",");
        byte[] bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = Byte.parseByte(parts[i].strip());
        }
        return bytes;
    }
}
