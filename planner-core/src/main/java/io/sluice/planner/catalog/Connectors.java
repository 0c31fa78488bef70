package io.sluice.planner.catalog;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.FactoryDiscovery;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.util.Map;
import java.util.TreeMap;

/**
 * Creates a table's source or sink through the connector its {@code 'connector'} option names. Options
 * are validated here, when a statement uses the table (as Flink does), not at CREATE TABLE.
 */
public final class Connectors {
    private final Map<String, String> jobConfiguration;
    private final ClassLoader classLoader;

    public Connectors(Map<String, String> jobConfiguration, ClassLoader classLoader) {
        this.jobConfiguration = Map.copyOf(jobConfiguration);
        this.classLoader = classLoader;
    }

    /** @throws ValidationException naming the table and the option at fault */
    public ScanSource source(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        for (Column column : table.schema().columns()) {
            if (column.isMetadata()) {
                checkReadable(table, factory, column);
            }
        }
        return factory.createSource(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public TableSink sink(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        refuseMetadata(table, "cannot be written: declare it VIRTUAL to only read it");
        return factory.createSink(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public LookupSource lookupSource(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        refuseMetadata(table, "cannot be read by a lookup join");
        return factory.createLookupSource(context(table, factory));
    }

    private static void checkReadable(CatalogEntry.Table table, DynamicTableFactory factory, Column column) {
        Map<String, LogicalType> readable = factory.readableMetadata();
        LogicalType type = readable.get(column.metadataKey());
        if (type == null) {
            throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                    + "' reads key '" + column.metadataKey() + "', which connector '" + factory.identifier()
                    + "' does not offer. " + (readable.isEmpty() ? "It offers no metadata"
                    : "Available: " + String.join(", ", new TreeMap<>(readable).keySet().stream()
                            .map(key -> key + " " + readable.get(key)).toList())));
        }
        if (type.root() != column.type().root()) {
            throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                    + "' must have type " + type + " to read '" + column.metadataKey() + "', not " + column.type());
        }
    }

    private static void refuseMetadata(CatalogEntry.Table table, String why) {
        for (Column column : table.schema().columns()) {
            if (column.isMetadata()) {
                throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                        + "' " + why);
            }
        }
    }

    private DynamicTableFactory factory(CatalogEntry.Table table) {
        return FactoryDiscovery.find(table.identifier().toString(), table.options().get("connector"), classLoader);
    }

    private FactoryContext context(CatalogEntry.Table table, DynamicTableFactory factory) {
        TableOptions options = new TableOptions(table.identifier(), table.options());
        options.validate(factory.requiredOptions(), factory.optionalOptions(options), factory.optionalPrefixes());
        return new FactoryContext(table.identifier(), table.schema().physical(), options, jobConfiguration);
    }
}
