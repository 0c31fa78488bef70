package io.sluice.planner.catalog;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.FactoryDiscovery;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import java.util.Map;

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
        return factory.createSource(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public TableSink sink(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        return factory.createSink(context(table, factory));
    }

    /** @throws ValidationException naming the table and the option at fault */
    public LookupSource lookupSource(CatalogEntry.Table table) {
        DynamicTableFactory factory = factory(table);
        return factory.createLookupSource(context(table, factory));
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
