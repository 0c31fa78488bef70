package io.sluice.connectors.values;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The {@code values} connector: a bounded source of rows written in their text form, such as
 * {@code +I[a, 1]}, one per line, inline in {@code rows} or in the file at {@code path}.
 */
public final class ValuesTableFactory implements DynamicTableFactory {
    public static final ConfigOption<String> ROWS = ConfigOption.stringOption("rows")
            .description("Rows in their text form, such as +I[a, 1], one per line; blank lines are ignored.")
            .build();
    public static final ConfigOption<String> PATH = ConfigOption.stringOption("path")
            .description("A file of rows in their text form, one per line; relative to the working directory.")
            .build();
    public static final ConfigOption<ChangelogMode> CHANGELOG_MODE = ConfigOption
            .customOption("changelog-mode", "changelog mode such as I or I,UB,UA,D", ValuesTableFactory::parseMode)
            .description("The row kinds the source produces (I, I,UA,D or I,UB,UA,D); "
                    + "by default the kinds present in the rows.")
            .build();

    @Override
    public String identifier() {
        return "values";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(ROWS, PATH, CHANGELOG_MODE);
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        TableOptions options = context.options();
        options.validate(requiredOptions(), optionalOptions(), optionalPrefixes());
        ValuesInput input = input(context);
        ChangelogMode declared = options.get(CHANGELOG_MODE);
        ValuesRowParser parser = new ValuesRowParser(context.table(), context.schema(), declared);
        // Reading ahead finds bad rows while planning; a large file with a declared mode is left to the reader.
        ChangelogMode mode = declared != null && input.isFile() ? declared : parser.scan(input);
        return new ValuesSource(input, parser, mode);
    }

    @Override
    public LookupSource createLookupSource(FactoryContext context) {
        context.options().validate(requiredOptions(), optionalOptions(), optionalPrefixes());
        ValuesRowParser parser = new ValuesRowParser(context.table(), context.schema(),
                context.options().get(CHANGELOG_MODE));
        ValuesInput input = input(context);
        parser.scan(input);
        return new ValuesLookupSource(input, parser);
    }

    private static ValuesInput input(FactoryContext context) {
        TableOptions options = context.options();
        if (options.contains(ROWS) == options.contains(PATH)) {
            throw new ValidationException("Table '" + context.table() + "' needs exactly one of the options 'rows' "
                    + "and 'path'");
        }
        if (options.contains(ROWS)) {
            return ValuesInput.inline(options.get(ROWS));
        }
        Path path = Path.of(options.get(PATH));
        if (!Files.isReadable(path) || Files.isDirectory(path)) {
            throw new ValidationException("Table '" + context.table() + "': option 'path' = '" + path
                    + "' is not a readable file (resolved to " + path.toAbsolutePath() + ")");
        }
        return ValuesInput.file(path);
    }

    private static ChangelogMode parseMode(String text) {
        ChangelogMode mode = ChangelogMode.parse(text);
        if (!mode.contains(RowKind.INSERT)) {
            throw new IllegalArgumentException("a changelog must contain I");
        }
        return mode;
    }
}
