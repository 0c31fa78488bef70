package io.sluice.connectors.datagen;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.TableSchema;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code datagen} connector: generated inserts at a given rate, with Flink's options. With
 * {@code seed} set, a run is reproducible: every value is a function of the seed and the row index,
 * and times count from {@link #SEEDED_ANCHOR} in UTC instead of from now in the local time zone.
 */
public final class DataGenTableFactory implements DynamicTableFactory {
    /** Where the times of a seeded table start, so that they are the same on every run. */
    public static final Instant SEEDED_ANCHOR = Instant.parse("2024-01-01T00:00:00Z");

    public static final ConfigOption<Long> ROWS_PER_SECOND = ConfigOption.longOption("rows-per-second")
            .defaultValue(10_000L).description("Rows generated per second, over all subtasks.").build();
    public static final ConfigOption<Long> NUMBER_OF_ROWS = ConfigOption.longOption("number-of-rows")
            .description("The number of rows; the table is unbounded without it (unless a field is a sequence).")
            .build();
    public static final ConfigOption<Long> SEED = ConfigOption.longOption("seed")
            .description("Makes the values reproducible: each row is a function of the seed and its index.").build();
    public static final ConfigOption<FieldKind> FIELD_KIND = ConfigOption.enumOption("fields.#.kind", FieldKind.class)
            .defaultValue(FieldKind.RANDOM).description("random or sequence.").build();
    public static final ConfigOption<String> FIELD_MIN = ConfigOption.stringOption("fields.#.min")
            .description("Smallest random number, in the column's type; the type's smallest (0 for FLOAT, "
                    + "DOUBLE and DECIMAL) by default.").build();
    public static final ConfigOption<String> FIELD_MAX = ConfigOption.stringOption("fields.#.max")
            .description("Largest random number, in the column's type; the type's largest by default.").build();
    public static final ConfigOption<Integer> FIELD_LENGTH = ConfigOption.intOption("fields.#.length")
            .description("Length of random strings and bytes; 100 (or the type's length if shorter) by default.")
            .build();
    public static final ConfigOption<Long> FIELD_START = ConfigOption.longOption("fields.#.start")
            .description("First value of a sequence.").build();
    public static final ConfigOption<Long> FIELD_END = ConfigOption.longOption("fields.#.end")
            .description("Last value of a sequence.").build();
    public static final ConfigOption<Duration> FIELD_MAX_PAST = ConfigOption.durationOption("fields.#.max-past")
            .defaultValue(Duration.ZERO)
            .description("Random times lie up to this far before the row's due time.").build();

    private static final String FIELDS_PREFIX = "fields.";

    @Override
    public String identifier() {
        return "datagen";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(ROWS_PER_SECOND, NUMBER_OF_ROWS, SEED);
    }

    @Override
    public Set<String> optionalPrefixes() {
        return Set.of(FIELDS_PREFIX);
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        TableOptions options = context.options();
        options.validate(requiredOptions(), optionalOptions(), optionalPrefixes());
        checkFieldNames(options, context.schema());
        long rowsPerSecond = positive(options, ROWS_PER_SECOND, 1);
        Long seed = options.get(SEED);
        RowClock clock = seed == null
                ? new RowClock(Instant.now(), localZone(context), 1e9 / rowsPerSecond)
                : new RowClock(SEEDED_ANCHOR, ZoneOffset.UTC, 1e9 / rowsPerSecond);
        long rowCount = options.contains(NUMBER_OF_ROWS) ? positive(options, NUMBER_OF_ROWS, 0) : Long.MAX_VALUE;
        List<FieldGenerator> generators = new ArrayList<>();
        for (Column column : context.schema().columns()) {
            FieldOptions field = new FieldOptions(options, column);
            FieldGenerator generator = field.get(FIELD_KIND) == FieldKind.SEQUENCE
                    ? SequenceFieldGenerator.create(field)
                    : RandomFieldGenerators.create(field, clock);
            if (generator instanceof SequenceFieldGenerator sequence) {
                rowCount = Math.min(rowCount, sequence.rowCount());
            }
            generators.add(generator);
        }
        long effectiveSeed = seed != null ? seed : ThreadLocalRandom.current().nextLong();
        return new DataGenSource(generators, effectiveSeed, rowCount, rowsPerSecond);
    }

    private static void checkFieldNames(TableOptions options, TableSchema schema) {
        for (String key : options.withPrefix(FIELDS_PREFIX).keySet()) {
            int dot = key.lastIndexOf('.');
            String name = dot < 0 ? key : key.substring(0, dot);
            if (dot < 0 || schema.indexOf(name) < 0) {
                throw new ValidationException("Table '" + options.table() + "' has option '" + FIELDS_PREFIX + key
                        + "' for a field that is not a column; columns: " + String.join(", ", schema.columnNames()));
            }
        }
    }

    private static long positive(TableOptions options, ConfigOption<Long> option, long least) {
        long value = options.get(option);
        if (value < least) {
            throw new ValidationException("Table '" + options.table() + "': option '" + option.key() + "' = '"
                    + value + "' must be at least " + least);
        }
        return value;
    }

    private static ZoneId localZone(FactoryContext context) {
        String zone = context.jobConfiguration().get("table.local-time-zone");
        return zone == null || zone.equals("default") ? ZoneId.systemDefault() : ZoneId.of(zone);
    }
}
