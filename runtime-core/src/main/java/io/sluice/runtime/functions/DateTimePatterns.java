package io.sluice.runtime.functions;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Date and time patterns as Flink reads them: Java {@code SimpleDateFormat} letters ({@code yyyy-MM-dd
 * HH:mm:ss.SSS}, {@code u} for the day-of-week number), quoted text in single quotes and every other
 * character literal, turned into thread-safe {@link DateTimeFormatter}s (cached per pattern) that
 * resolve strictly.
 */
public final class DateTimePatterns {
    /** The letters SimpleDateFormat defines; any other letter is an error there, and here. */
    private static final String PATTERN_LETTERS = "GyYMLwWDdFEuaHkKhmsSzZX";
    private static final int MAX_CACHED_PATTERNS = 1_000;
    private static final Map<String, DateTimeFormatter> FORMATTERS = new ConcurrentHashMap<>();

    private DateTimePatterns() {
    }

    /** @throws IllegalArgumentException naming the pattern when it is not valid */
    public static DateTimeFormatter formatter(String pattern) {
        DateTimeFormatter cached = FORMATTERS.get(pattern);
        if (cached != null) {
            return cached;
        }
        DateTimeFormatter built = build(pattern);
        if (FORMATTERS.size() >= MAX_CACHED_PATTERNS) {
            FORMATTERS.clear();
        }
        FORMATTERS.put(pattern, built);
        return built;
    }

    /**
     * {@code text} parsed with {@code pattern}; fields it lacks default to January 1st, midnight. Parsing
     * is strict: February 30th is an error, not March 2nd.
     */
    public static LocalDateTime parse(String text, String pattern) {
        TemporalAccessor parsed = formatter(pattern).parse(text.trim());
        int year = parsed.isSupported(ChronoField.YEAR) ? parsed.get(ChronoField.YEAR)
                : parsed.get(ChronoField.YEAR_OF_ERA);
        LocalDate date = LocalDate.of(year, field(parsed, ChronoField.MONTH_OF_YEAR, 1),
                field(parsed, ChronoField.DAY_OF_MONTH, 1));
        LocalTime time = LocalTime.of(field(parsed, ChronoField.HOUR_OF_DAY, 0),
                field(parsed, ChronoField.MINUTE_OF_HOUR, 0), field(parsed, ChronoField.SECOND_OF_MINUTE, 0),
                field(parsed, ChronoField.NANO_OF_SECOND, 0));
        return date.atTime(time);
    }

    private static int field(TemporalAccessor parsed, ChronoField field, int absent) {
        return parsed.isSupported(field) ? parsed.get(field) : absent;
    }

    private static DateTimeFormatter build(String pattern) {
        DateTimeFormatterBuilder builder = new DateTimeFormatterBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                i = appendQuoted(builder, pattern, i);
            } else if (isAsciiLetter(c)) {
                int end = i;
                while (end < pattern.length() && pattern.charAt(end) == c) {
                    end++;
                }
                appendLetters(builder, pattern, c, end - i);
                i = end;
            } else {
                builder.appendLiteral(c);
                i++;
            }
        }
        return builder.toFormatter(Locale.US).withResolverStyle(ResolverStyle.STRICT);
    }

    /** Appends the text quoted from {@code start} on ({@code ''} is a quote); returns the index after it. */
    private static int appendQuoted(DateTimeFormatterBuilder builder, String pattern, int start) {
        if (start + 1 < pattern.length() && pattern.charAt(start + 1) == '\'') {
            builder.appendLiteral('\'');
            return start + 2;
        }
        StringBuilder text = new StringBuilder();
        int i = start + 1;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '\'') {
                text.append('\'');
                i += 2;
            } else if (c == '\'') {
                builder.appendLiteral(text.toString());
                return i + 1;
            } else {
                text.append(c);
                i++;
            }
        }
        throw new IllegalArgumentException("Date time pattern '" + pattern + "' has an unterminated quote");
    }

    private static void appendLetters(DateTimeFormatterBuilder builder, String pattern, char letter, int count) {
        if (PATTERN_LETTERS.indexOf(letter) < 0) {
            throw new IllegalArgumentException("Date time pattern '" + pattern + "' has the unknown letter '"
                    + letter + "'");
        }
        if (letter == 'u') {
            builder.appendValue(ChronoField.DAY_OF_WEEK, count);
        } else {
            builder.appendPattern(String.valueOf(letter).repeat(count));
        }
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }
}
