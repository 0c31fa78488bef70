package io.sluice.planner;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.ConfigOption;
import java.util.Set;

/** A sink like JDBC's for planning tests: takes upserts without -U and needs a primary key for them. */
public final class KeyRequiringSinkFactory implements DynamicTableFactory {
    static final ConfigOption<String> TABLE_NAME = ConfigOption.stringOption("table-name").build();

    @Override
    public String identifier() {
        return "test-keyed";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(TABLE_NAME);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public TableSink createSink(FactoryContext context) {
        boolean keyed = context.schema().hasPrimaryKey();
        return new TableSink() {
            /** As the JDBC sink: a keyed table takes upserts whatever the query produces. */
            @Override
            public ChangelogMode getChangelogMode(ChangelogMode requested) {
                return keyed ? ChangelogMode.upsert() : requested.without(RowKind.UPDATE_BEFORE);
            }

            @Override
            public boolean requiresPrimaryKeyForUpdates() {
                return true;
            }

            @Override
            public SinkWriter createWriter(io.sluice.api.connector.SinkContext sinkContext) {
                throw new UnsupportedOperationException("planning tests do not write");
            }
        };
    }
}
