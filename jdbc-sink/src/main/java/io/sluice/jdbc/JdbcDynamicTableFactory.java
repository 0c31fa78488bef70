package io.sluice.jdbc;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.ConfigOption;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * {@code 'connector' = 'jdbc'}: an upsert (with a primary key) or append (without) sink into a database
 * table, and a bounded snapshot source of it. The database is served by the one
 * {@link io.sluice.jdbc.dialect.JdbcDialectFactory} on the classpath that accepts the URL. Options:
 * {@link JdbcOptions}.
 */
public final class JdbcDynamicTableFactory implements DynamicTableFactory {

    @Override
    public String identifier() {
        return "jdbc";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return new LinkedHashSet<>(JdbcOptions.required());
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return new LinkedHashSet<>(JdbcOptions.optional());
    }

    @Override
    public Set<String> optionalPrefixes() {
        return Set.of(JdbcOptions.POOL_PREFIX);
    }

    @Override
    public TableSink createSink(FactoryContext context) {
        return new JdbcTableSink(JdbcTableConfig.from(context, classLoader()), context.table().toString());
    }

    @Override
    public ScanSource createSource(FactoryContext context) {
        return new JdbcScanSource(JdbcTableConfig.from(context, classLoader()));
    }

    @Override
    public LookupSource createLookupSource(FactoryContext context) {
        return new JdbcLookupSource(JdbcTableConfig.from(context, classLoader()), context.options());
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : JdbcDynamicTableFactory.class.getClassLoader();
    }
}
