package io.sluice.formats.cdc;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.format.FormatContext;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import io.sluice.api.options.ConfigOption;
import io.sluice.formats.json.JsonOptions;
import io.sluice.formats.json.JsonValues;
import java.util.HashSet;
import java.util.Set;

/**
 * The shared part of the CDC formats: a whole changelog read from and written as JSON change events,
 * with the JSON options under the format's own prefix ({@code debezium-json.ignore-parse-errors}).
 */
abstract class CdcJsonFormatFactory implements FormatFactory {
    private final String identifier;
    private final ChangeEventEncoder.Style style;

    CdcJsonFormatFactory(String identifier, ChangeEventEncoder.Style style) {
        this.identifier = identifier;
        this.style = style;
    }

    @Override
    public final String identifier() {
        return identifier;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(option(JsonOptions.IGNORE_PARSE_ERRORS));
        options.add(option(JsonOptions.TIMESTAMP_FORMAT));
        return options;
    }

    @Override
    public final ChangelogMode changelogMode() {
        return ChangelogMode.all();
    }

    /** {@code option} under this format's prefix. */
    final <T> ConfigOption<T> option(ConfigOption<T> option) {
        return JsonOptions.prefixed(identifier, option);
    }

    final JsonValues values(FormatContext context) {
        return new JsonValues(false, context.get(option(JsonOptions.TIMESTAMP_FORMAT)));
    }

    final boolean ignoreParseErrors(FormatContext context) {
        return context.get(option(JsonOptions.IGNORE_PARSE_ERRORS));
    }

    @Override
    public abstract RowDecoder createDecoder(FormatContext context);

    @Override
    public final RowEncoder createEncoder(FormatContext context) {
        return new ChangeEventEncoder(context.columns(), values(context), style);
    }
}
