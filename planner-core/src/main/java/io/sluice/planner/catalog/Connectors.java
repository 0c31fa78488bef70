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
import java.util.Locale;
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
                checkMetadata(table, factory, column, MetadataUse.READ);
            }
        }
        return factory.createSource(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public TableSink sink(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        for (Column column : table.schema().columns()) {
            if (column.isMetadata() && !column.virtual()) {
                checkMetadata(table, factory, column, MetadataUse.WRITE);
            }
        }
        return factory.createSink(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public LookupSource lookupSource(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        refuseMetadata(table, "cannot be read by a lookup join");
        return factory.createLookupSource(context(table, factory));
    }

    /** What a scan or an INSERT does with a metadata column's key. */
    private enum MetadataUse {
        READ, WRITE;

        String verb() {
            return name().toLowerCase(Locale.ROOT);
        }

        Map<String, LogicalType> offered(DynamicTableFactory factory) {
            return this == READ ? factory.readableMetadata() : factory.writableMetadata();
        }
    }

    private static void checkMetadata(CatalogEntry.Table table, DynamicTableFactory factory, Column column,
                                      MetadataUse use) {
        LogicalType type = use.offered(factory).get(column.metadataKey());
        if (type == null) {
            throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                    + "' " + use.verb() + "s key '" + column.metadataKey() + "', which connector '"
                    + factory.identifier() + "' " + whyNotOffered(factory, column, use));
        }
        if (!sameRoots(type, column.type())) {
            throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                    + "' must have type " + type + " to " + use.verb() + " '" + column.metadataKey()
                    + "', not " + column.type());
        }
    }

    private static String whyNotOffered(DynamicTableFactory factory, Column column, MetadataUse use) {
        if (use == MetadataUse.WRITE && factory.readableMetadata().containsKey(column.metadataKey())) {
            return "can only read: declare the column VIRTUAL to leave it out of INSERTs";
        }
        Map<String, LogicalType> offered = use.offered(factory);
        if (offered.isEmpty()) {
            return "does not offer. It offers no metadata to " + use.verb();
        }
        return "does not offer. Available: " + String.join(", ", new TreeMap<>(offered).keySet().stream()
                .map(key -> key + " " + offered.get(key)).toList());
    }

    /** The same type but for nullability and precision, also inside a MAP or ROW. */
    private static boolean sameRoots(LogicalType expected, LogicalType actual) {
        if (expected.root() != actual.root() || expected.fieldTypes().size() != actual.fieldTypes().size()) {
            return false;
        }
        for (int i = 0; i < expected.fieldTypes().size(); i++) {
            if (!sameRoots(expected.fieldTypes().get(i), actual.fieldTypes().get(i))) {
                return false;
            }
        }
        return true;
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
