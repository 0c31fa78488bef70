package io.sluice.runtime.functions;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** String functions for generated code, with Flink's semantics. */
public final class StringFunctions {
    private static final HexFormat HEX = HexFormat.of();

    private StringFunctions() {
    }

    /**
     * {@code SUBSTRING(value FROM start)}: 1-based; 0 counts as 1 and a negative start counts from the
     * end, as in Flink.
     */
    public static String substring(String value, long start) {
        return substring(value, start, Integer.MAX_VALUE);
    }

    /** {@code SUBSTRING(value FROM start FOR length)}; NULL for a negative length. */
    public static String substring(String value, long start, long length) {
        if (length < 0) {
            return null;
        }
        int count = value.length();
        long from;
        if (start > 0) {
            from = start - 1;
        } else if (start < 0) {
            from = count + start;
        } else {
            from = 0;
        }
        if (from < 0 || from >= count) {
            return "";
        }
        long to = Math.min(count, from + length);
        return value.substring((int) from, (int) to);
    }

    /** {@code TRIM([BOTH|LEADING|TRAILING] characters FROM value)}: removes any of {@code characters}. */
    public static String trim(String value, String characters, boolean leading, boolean trailing) {
        int start = 0;
        int end = value.length();
        while (leading && start < end && characters.indexOf(value.charAt(start)) >= 0) {
            start++;
        }
        while (trailing && end > start && characters.indexOf(value.charAt(end - 1)) >= 0) {
            end--;
        }
        return value.substring(start, end);
    }

    /** The MD5 digest of the UTF-8 bytes as 32 lower-case hex digits. */
    public static String md5(String value) {
        return md5(value.getBytes(StandardCharsets.UTF_8));
    }

    public static String md5(byte[] value) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("MD5").digest(value));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JVM provides no MD5 digest", e);
        }
    }

    /** {@code value LIKE pattern [ESCAPE escape]} for patterns known only per row. */
    public static boolean like(String value, String pattern, String escape) {
        return Pattern.compile(likeToRegex(pattern, escape), Pattern.DOTALL).matcher(value).matches();
    }

    /** A LIKE pattern as a Java regular expression: {@code %} any sequence, {@code _} one character. */
    public static String likeToRegex(String pattern, String escape) {
        if (escape != null && escape.length() != 1) {
            throw new IllegalArgumentException("LIKE escape must be a single character, not '" + escape + "'");
        }
        char escapeChar = escape == null ? 0 : escape.charAt(0);
        StringBuilder regex = new StringBuilder(pattern.length() + 8);
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (escape != null && c == escapeChar) {
                if (i + 1 == pattern.length()) {
                    throw new IllegalArgumentException("LIKE pattern '" + pattern + "' ends with its escape character");
                }
                appendLiteral(regex, pattern.charAt(++i));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                appendLiteral(regex, c);
            }
        }
        return regex.toString();
    }

    private static void appendLiteral(StringBuilder regex, char c) {
        if ("\\.[]{}()<>*+-=!?^$|".indexOf(c) >= 0) {
            regex.append('\\');
        }
        regex.append(c);
    }
}
