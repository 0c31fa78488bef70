package io.sluice.runtime.functions;

import java.util.regex.Pattern;

/**
 * String functions for generated code, with Flink's semantics. Generated code calls them only with
 * non-null arguments (a NULL argument makes the result NULL before the call); a {@code null} result
 * means SQL NULL.
 */
public final class StringFunctions {
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

    /** {@code REPLACE(value, search, replacement)}: every occurrence; an empty search string replaces nothing. */
    public static String replace(String value, String search, String replacement) {
        return search.isEmpty() ? value : value.replace(search, replacement);
    }

    /** {@code INITCAP}: the first letter or digit of each word upper case, the rest lower case. */
    public static String initcap(String value) {
        StringBuilder result = new StringBuilder(value.length());
        boolean wordStart = true;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean inWord = Character.isLetterOrDigit(c);
            result.append(wordStart ? Character.toUpperCase(c) : Character.toLowerCase(c));
            wordStart = !inWord;
        }
        return result.toString();
    }

    /** {@code REVERSE}: characters in reverse order (surrogate pairs stay whole). */
    public static String reverse(String value) {
        return new StringBuilder(value).reverse().toString();
    }

    /** {@code REPEAT(value, times)}: empty for zero or fewer times. */
    public static String repeat(String value, long times) {
        return times <= 0 ? "" : value.repeat(Math.toIntExact(times));
    }

    /** {@code LEFT(value, length)}: the first {@code length} characters; empty for zero or fewer. */
    public static String left(String value, long length) {
        return value.substring(0, (int) Math.max(0, Math.min(length, value.length())));
    }

    /** {@code RIGHT(value, length)}: the last {@code length} characters; empty for zero or fewer. */
    public static String right(String value, long length) {
        return value.substring(value.length() - (int) Math.max(0, Math.min(length, value.length())));
    }

    /**
     * {@code LPAD(value, length, padding)}: padded on the left or cut to {@code length}; NULL for a negative
     * length or an empty padding.
     */
    public static String lpad(String value, long length, String padding) {
        if (length < 0 || padding.isEmpty()) {
            return null;
        }
        int padded = (int) Math.max(0, length - value.length());
        return padding(padding, padded) + value.substring(0, (int) Math.min(value.length(), length));
    }

    /** {@code RPAD(value, length, padding)}: as {@link #lpad}, padded on the right. */
    public static String rpad(String value, long length, String padding) {
        if (length < 0 || padding.isEmpty()) {
            return null;
        }
        int padded = (int) Math.max(0, length - value.length());
        return value.substring(0, (int) Math.min(value.length(), length)) + padding(padding, padded);
    }

    private static String padding(String padding, int length) {
        return padding.repeat(length / padding.length() + 1).substring(0, length);
    }

    /** {@code POSITION(needle IN value)} and {@code LOCATE(needle, value)}: 1-based, 0 when absent. */
    public static int locate(String needle, String value) {
        return value.indexOf(needle) + 1;
    }

    /** {@code LOCATE(needle, value, start)}: the first occurrence from 1-based {@code start} on; 0 when absent. */
    public static int locate(String needle, String value, long start) {
        if (start < 1 || start > value.length() + 1L) {
            return 0;
        }
        return value.indexOf(needle, (int) start - 1) + 1;
    }

    /**
     * {@code SPLIT_INDEX(value, separator, index)}: the 0-based {@code index}th piece of {@code value} split
     * at each occurrence of {@code separator} (a plain string); NULL when there is no such piece.
     */
    public static String splitIndex(String value, String separator, long index) {
        if (index < 0 || value.isEmpty()) {
            return null;
        }
        if (separator.isEmpty()) {
            return index == 0 ? value : null;
        }
        int start = 0;
        for (long piece = 0; piece < index; piece++) {
            int next = value.indexOf(separator, start);
            if (next < 0) {
                return null;
            }
            start = next + separator.length();
        }
        int end = value.indexOf(separator, start);
        return value.substring(start, end < 0 ? value.length() : end);
    }

    /** {@code ASCII}: the code of the first character, 0 for an empty string. */
    public static int ascii(String value) {
        return value.isEmpty() ? 0 : value.charAt(0);
    }

    /** {@code CHR(code)}: the character of {@code code} modulo 256; empty for a negative code. */
    public static String chr(long code) {
        return code < 0 ? "" : String.valueOf((char) (code & 0xFF));
    }
}
