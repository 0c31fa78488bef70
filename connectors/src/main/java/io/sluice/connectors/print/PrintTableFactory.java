package io.sluice.connectors.print;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import java.util.Set;

/** The {@code print} connector: a sink printing each row's text form, such as {@code +I[a, 1]}, on stdout. */
public final class PrintTableFactory implements DynamicTableFactory {
    public static final ConfigOption<PrintChangelogMode> CHANGELOG_MODE = ConfigOption
            .enumOption("changelog-mode", PrintChangelogMode.class)
            .defaultValue(PrintChangelogMode.ALL)
            .description("all: the query's changelog as is; upsert: without -U (needs a primary key); "
                    + "insert-only: reject queries that update.")
            .build();
    public static final ConfigOption<String> PRINT_IDENTIFIER = ConfigOption.stringOption("print-identifier")
            .description("A prefix for each line: 'id> +I[a, 1]'.")
            .build();
    public static final ConfigOption<Integer> SINK_PARALLELISM = ConfigOption.intOption("sink.parallelism")
            .description("The number of printing subtasks; the job's parallelism by default.")
            .build();

    @Override
    public String identifier() {
        return "print";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(CHANGELOG_MODE, PRINT_IDENTIFIER, SINK_PARALLELISM);
    }

    @Override
    public TableSink createSink(FactoryContext context) {
        TableOptions options = context.options();
        options.validate(requiredOptions(), optionalOptions(), optionalPrefixes());
        PrintChangelogMode mode = options.get(CHANGELOG_MODE);
        if (mode == PrintChangelogMode.UPSERT && !context.schema().hasPrimaryKey()) {
            throw new ValidationException("Table '" + context.table() + "' has 'changelog-mode' = 'upsert', "
                    + "which needs a PRIMARY KEY (...) NOT ENFORCED; declare one or use 'changelog-mode' = 'all'");
        }
        Integer parallelism = options.get(SINK_PARALLELISM);
        if (parallelism != null && parallelism < 1) {
            throw new ValidationException("Table '" + context.table() + "': option 'sink.parallelism' = '"
                    + parallelism + "' must be at least 1");
        }
        String identifier = options.get(PRINT_IDENTIFIER);
        return new PrintSink(mode, identifier == null ? "" : identifier + "> ", parallelism);
    }
}
