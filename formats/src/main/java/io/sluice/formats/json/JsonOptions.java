package io.sluice.formats.json;

import io.sluice.api.format.FormatContext;
import io.sluice.api.options.ConfigOption;

/**
 * The options every JSON-based format shares, declared without their format's prefix: a format adds
 * {@code json.}, {@code debezium-json.} and so on, as in Flink.
 */
public final class JsonOptions {
    private JsonOptions() {
    }

    public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = ConfigOption.booleanOption("ignore-parse-errors")
            .defaultValue(false)
            .description("Skip a malformed message (and count it) instead of failing the job").build();

    public static final ConfigOption<TimestampStandard> TIMESTAMP_FORMAT = ConfigOption
            .customOption("timestamp-format.standard", "SQL or ISO-8601", TimestampStandard::parse)
            .defaultValue(TimestampStandard.SQL)
            .description("How timestamps are written: SQL (2026-12-02 10:15:30) or ISO-8601 (2026-12-02T10:15:30)")
            .build();

    /** {@code option} under {@code format}'s prefix, as a table declares it. */
    public static <T> ConfigOption<T> prefixed(String format, ConfigOption<T> option) {
        return option.withKey(format + "." + option.key());
    }

    /** The value of {@code option} of {@code format} in {@code context}. */
    static <T> T get(FormatContext context, String format, ConfigOption<T> option) {
        return context.get(prefixed(format, option));
    }
}
