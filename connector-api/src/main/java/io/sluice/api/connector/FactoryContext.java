package io.sluice.api.connector;

import io.sluice.api.options.TableOptions;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import java.util.Map;

/**
 * What a {@link DynamicTableFactory} gets to build a source or sink: the table's name, its declared
 * schema, its options, and the job configuration ({@code SET} values) in force.
 */
public record FactoryContext(ObjectIdentifier table, TableSchema schema, TableOptions options,
                             Map<String, String> jobConfiguration) {

    public FactoryContext {
        jobConfiguration = Map.copyOf(jobConfiguration);
    }
}
