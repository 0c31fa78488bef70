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
import java.util.HexFormat;
import java.util.Locale;

/** Parses one non-NULL field of a row's text form into the Java value of its column type. */
final class FieldValueParser {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendLiteral(' ').optionalEnd()
            .append(DateTimeFormatter.ISO_LOCAL_TIME)
            .toFormatter(Locale.ROOT);
    private static final DateTimeFormatter TIMESTAMP_WITH_OFFSET = new DateTimeFormatterBuilder()
            .append(TIMESTAMP)
            .optionalStart().appendLiteral(' ').optionalEnd()
            .appendOffset("+HH:mm:ss", "Z")
            .toFormatter(Locale.ROOT);

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
        LocalDateTime timestamp = LocalDateTime.parse(value, TIMESTAMP);
        return timestamp.withNano(truncateNanos(timestamp.getNano(), type));
    }

    private static Instant parseInstant(String value, LogicalType type) {
        Instant instant = OffsetDateTime.parse(value, TIMESTAMP_WITH_OFFSET).toInstant();
        return Instant.ofEpochSecond(instant.getEpochSecond(), truncateNanos(instant.getNano(), type));
    }

    /** Cuts the fraction to the type's precision, as a CAST to that type would. */
    private static int truncateNanos(int nanos, LogicalType type) {
        int unit = (int) Math.pow(10, LogicalType.MAX_TIME_PRECISION - type.precision());
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
