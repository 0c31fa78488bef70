package io.sluice.formats.json;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.util.Locale;

/**
 * How JSON writes timestamps ({@code json.timestamp-format.standard}): {@code SQL} as
 * {@code 2026-12-02 10:15:30.5}, {@code ISO-8601} as {@code 2026-12-02T10:15:30.5}; a TIMESTAMP_LTZ
 * ends in {@code Z} either way. Reading accepts both separators, so files from either tool load.
 */
public enum TimestampStandard {
    SQL(' '),
    ISO_8601('T');

    private static final DateTimeFormatter LENIENT = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendLiteral(' ').optionalEnd()
            .append(DateTimeFormatter.ISO_LOCAL_TIME)
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT);

    private final DateTimeFormatter local;
    private final DateTimeFormatter utc;

    TimestampStandard(char separator) {
        this.local = new DateTimeFormatterBuilder().append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral(separator)
                .append(DateTimeFormatter.ISO_LOCAL_TIME).toFormatter(Locale.ROOT);
        this.utc = new DateTimeFormatterBuilder().append(local).appendLiteral('Z').toFormatter(Locale.ROOT)
                .withZone(java.time.ZoneOffset.UTC);
    }

    /** Parses the option's text: {@code SQL} or {@code ISO-8601}. */
    public static TimestampStandard parse(String text) {
        return switch (text.trim().toUpperCase(Locale.ROOT)) {
            case "SQL" -> SQL;
            case "ISO-8601", "ISO_8601" -> ISO_8601;
            default -> throw new IllegalArgumentException("expected SQL or ISO-8601");
        };
    }

    DateTimeFormatter local() {
        return local;
    }

    DateTimeFormatter utc() {
        return utc;
    }

    /** Reads either standard, with an optional offset (a TIMESTAMP_LTZ needs one or reads as UTC). */
    static DateTimeFormatter reader() {
        return LENIENT;
    }
}
