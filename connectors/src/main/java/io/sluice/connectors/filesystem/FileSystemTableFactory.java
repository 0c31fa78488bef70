package io.sluice.connectors.filesystem;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.format.FormatDiscovery;
import io.sluice.api.format.FormatFactory;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * The {@code filesystem} connector: the lines of a file, or of every file under a directory, decoded
 * with a format ({@code json}, {@code csv}, {@code raw}, {@code debezium-json}, ...), to replay what was
 * recorded. Bounded, unless {@code source.monitor-interval} keeps looking for new files.
 */
public final class FileSystemTableFactory implements DynamicTableFactory {
    static final ConfigOption<String> PATH = ConfigOption.stringOption("path")
            .description("A file, or a directory whose files (not those starting with '.' or '_') are read")
            .build();
    static final ConfigOption<String> FORMAT = ConfigOption.stringOption("format")
            .description("The format of each line (json, csv, raw, debezium-json, canal-json, maxwell-json)").build();
    static final ConfigOption<Duration> MONITOR_INTERVAL = ConfigOption.durationOption("source.monitor-interval")
            .description("How often to look for new files in the directory; without it the read ends with the "
                    + "files there when the job starts").build();

    @Override
    public String identifier() {
        return "filesystem";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PATH, FORMAT);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(MONITOR_INTERVAL);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions(TableOptions options) {
        Set<ConfigOption<?>> optional = new HashSet<>(optionalOptions());
        String format = options.asMap().get(FORMAT.key());
        if (format != null) {
            optional.addAll(format(options, format).optionalOptions());
        }
        return optional;
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        TableOptions options = context.options();
        options.validate(requiredOptions(), optionalOptions(options), optionalPrefixes());
        return new FileSystemSource(context, format(options, options.get(FORMAT)));
    }

    private static FormatFactory format(TableOptions options, String name) {
        return FormatDiscovery.find(options.table().toString(), FORMAT.key(), name,
                Thread.currentThread().getContextClassLoader());
    }
}
