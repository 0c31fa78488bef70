package io.sluice.connectors.blackhole;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.TableSink;
import io.sluice.api.options.ConfigOption;
import java.util.Set;

/** The {@code blackhole} connector: a sink that discards every row, for measuring and testing queries. */
public final class BlackHoleTableFactory implements DynamicTableFactory {

    @Override
    public String identifier() {
        return "blackhole";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public TableSink createSink(FactoryContext context) {
        context.options().validate(requiredOptions(), optionalOptions(), optionalPrefixes());
        return new BlackHoleSink();
    }
}
