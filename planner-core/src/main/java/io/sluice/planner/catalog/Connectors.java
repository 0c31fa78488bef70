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
                checkMetadata(table, factory, column, factory.readableMetadata(), "reads");
            }
        }
        return factory.createSource(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public TableSink sink(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        for (Column column : table.schema().columns()) {
            if (column.isMetadata() && !column.virtual()) {
                checkMetadata(table, factory, column, factory.writableMetadata(), "writes");
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

    /** {@code verb}: "reads" or "writes", what the column does with its key. */
    private static void checkMetadata(CatalogEntry.Table table, DynamicTableFactory factory, Column column,
                                      Map<String, LogicalType> offered, String verb) {
        LogicalType type = offered.get(column.metadataKey());
        if (type == null) {
            boolean readOnly = verb.equals("writes") && factory.readableMetadata().containsKey(column.metadataKey());
            throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                    + "' " + verb + " key '" + column.metadataKey() + "', which connector '" + factory.identifier()
                    + "' " + (readOnly ? "can only read: declare the column VIRTUAL to leave it out of INSERTs"
                    : "does not offer. " + (offered.isEmpty() ? "It offers no metadata to " + verb.replace("s", "")
                    : "Available: " + String.join(", ", new TreeMap<>(offered).keySet().stream()
                            .map(key -> key + " " + offered.get(key)).toList()))));
        }
        if (!sameRoots(type, column.type())) {
            throw new ValidationException("Table '" + table.identifier() + "': metadata column '" + column.name()
                    + "' must have type " + type + " to " + verb.replace("s", "") + " '" + column.metadataKey()
                    + "', not " + column.type());
        }
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
