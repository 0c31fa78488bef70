package io.sluice.formats.json;

import io.sluice.api.format.MalformedMessageException;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * The common values of JSON rows read straight from their bytes, as {@link JsonValues} reads them from a
 * parser: {@code null}, {@code true}/{@code false} for BOOLEAN, a whole number of at most 18 digits for
 * INT or BIGINT, a plain decimal number for DECIMAL, and a string of printable ASCII without escapes for
 * string and timestamp columns. Anything else, also a value that is not valid JSON, is {@link JsonValues#UNREAD}
 * and goes through the parser, which decides exactly as before.
 */
final class PlainJsonValues {
    private static final int MAX_DIGITS = 18;

    private PlainJsonValues() {
    }

    static Object read(byte[] json, int start, int end, LogicalType type, JsonValues values, String field) {
        byte first = json[start];
        TypeRoot root = type.root();
        if (first == 'n') {
            return JsonObjectScanner.isAscii(json, start, end, "null") ? null : JsonValues.UNREAD;
        }
        if ((first == 't' || first == 'f') && root == TypeRoot.BOOLEAN) {
            return JsonObjectScanner.isAscii(json, start, end, "true") ? Boolean.TRUE
                    : JsonObjectScanner.isAscii(json, start, end, "false") ? Boolean.FALSE : JsonValues.UNREAD;
        }
        if (first == '"') {
            return string(json, start, end, type, values, field);
        }
        if (first == '-' || first >= '0' && first <= '9') {
            return root == TypeRoot.DECIMAL ? decimal(json, start, end, type) : integer(json, start, end, root);
        }
        return JsonValues.UNREAD;
    }

    private static Object string(byte[] json, int start, int end, LogicalType type, JsonValues values, String field) {
        for (int i = start + 1; i < end - 1; i++) {
            byte c = json[i];
            if (c < 0x20 || c == '\\') {
                // negative bytes (UTF-8 beyond ASCII), control characters and escapes: the parser decodes them
                return JsonValues.UNREAD;
            }
        }
        String text = new String(json, start + 1, end - start - 2, StandardCharsets.ISO_8859_1);
        try {
            return values.fromString(text, type);
        } catch (RuntimeException e) {
            throw MalformedMessageException.cannotRead(field, text, type, e);
        }
    }

    private static Object integer(byte[] json, int start, int end, TypeRoot root) {
        if (root != TypeRoot.INT && root != TypeRoot.BIGINT) {
            return JsonValues.UNREAD;
        }
        boolean negative = json[start] == '-';
        int digitsStart = negative ? start + 1 : start;
        long value = digits(json, digitsStart, end);
        if (value < 0) {
            return JsonValues.UNREAD;
        }
        value = negative ? -value : value;
        if (root == TypeRoot.BIGINT) {
            return value;
        }
        return value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE ? (Object) (int) value : JsonValues.UNREAD;
    }

    /**
     * A DECIMAL of the type's scale from a plain number ({@code -12.5}) whose digits, once scaled, fit in 18;
     * NULL when it has more digits than the precision allows, as {@link JsonValues#decimal} decides.
     */
    private static Object decimal(byte[] json, int start, int end, LogicalType type) {
        boolean negative = json[start] == '-';
        int digitsStart = negative ? start + 1 : start;
        int point = digitsStart;
        while (point < end && json[point] != '.') {
            point++;
        }
        int fractionDigits = point < end ? end - point - 1 : 0;
        if (point < end && fractionDigits == 0 || fractionDigits > type.scale()
                || point - digitsStart + type.scale() > MAX_DIGITS) {
            return JsonValues.UNREAD;
        }
        long whole = digits(json, digitsStart, point);
        long fraction = fractionDigits == 0 ? 0 : plainDigits(json, point + 1, end);
        if (whole < 0 || fraction < 0) {
            return JsonValues.UNREAD;
        }
        long unscaled = whole;
        for (int i = 0; i < type.scale(); i++) {
            unscaled *= 10;
        }
        long fractionScaled = fraction;
        for (int i = fractionDigits; i < type.scale(); i++) {
            fractionScaled *= 10;
        }
        unscaled += fractionScaled;
        if (digitCount(unscaled) > type.precision()) {
            return null;
        }
        return BigDecimal.valueOf(negative ? -unscaled : unscaled, type.scale());
    }

    /** A JSON integer's digits ({@code 0} or no leading zero), at most 18; -1 when they are something else. */
    private static long digits(byte[] json, int start, int end) {
        if (start >= end || json[start] == '0' && end - start > 1) {
            return -1;
        }
        return plainDigits(json, start, end);
    }

    /** Digits only, at most 18; -1 otherwise. */
    private static long plainDigits(byte[] json, int start, int end) {
        if (start >= end || end - start > MAX_DIGITS) {
            return -1;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            byte c = json[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** The digits of a non-negative value as BigDecimal.precision() counts them: 1 for 0. */
    private static int digitCount(long value) {
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        return digits;
    }
}
