package io.sluice.formats.cdc;

import io.sluice.api.format.FormatContext;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.options.ConfigOption;
import java.util.Set;
import java.util.regex.Pattern;

/** {@code 'format' = 'canal-json'}: Canal's change messages, optionally of some databases and tables only. */
public final class CanalJsonFormatFactory extends CdcJsonFormatFactory {
    public static final ConfigOption<Pattern> DATABASE_INCLUDE = ConfigOption
            .customOption("database.include", "regular expression", Pattern::compile)
            .description("Read only changes of databases whose name matches (default: all)").build();
    public static final ConfigOption<Pattern> TABLE_INCLUDE = ConfigOption
            .customOption("table.include", "regular expression", Pattern::compile)
            .description("Read only changes of tables whose name matches (default: all)").build();

    public CanalJsonFormatFactory() {
        super("canal-json", ChangeEventEncoder.Style.CANAL);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = super.optionalOptions();
        options.add(option(DATABASE_INCLUDE));
        options.add(option(TABLE_INCLUDE));
        return options;
    }

    @Override
    public RowDecoder createDecoder(FormatContext context) {
        return new CanalJsonDecoder(context.columns(), values(context), ignoreParseErrors(context),
                context.get(option(DATABASE_INCLUDE)), context.get(option(TABLE_INCLUDE)));
    }
}
