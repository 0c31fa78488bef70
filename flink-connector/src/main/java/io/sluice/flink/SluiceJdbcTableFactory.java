package io.sluice.flink;

import io.sluice.api.connector.TableSink;
import io.sluice.jdbc.JdbcDynamicTableFactory;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.factories.DynamicTableSinkFactory;

/**
 * Flink's {@code 'connector' = 'sluice-jdbc'}: Sluice's JDBC sink (reduce buffer, transactional
 * flushes, SQLSTATE-aware retries, set-based dialect batches) as a Flink table sink. It takes the
 * options of Sluice's {@code jdbc} connector ({@link io.sluice.jdbc.JdbcOptions}), validated with the
 * same rules and messages when the statement is planned. At-least-once (the default), every checkpoint
 * flushes the buffer and commits before the barrier passes; with {@code 'sink.delivery-guarantee' =
 * 'exactly-once'} rows are written only once their checkpoint is complete, through Flink's two-phase
 * commit.
 */
public final class SluiceJdbcTableFactory implements DynamicTableSinkFactory {
    /** The value of {@code 'connector'} this factory serves. */
    public static final String IDENTIFIER = "sluice-jdbc";

    private static final JdbcDynamicTableFactory JDBC = new JdbcDynamicTableFactory();

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return FlinkOptions.describe(JDBC.requiredOptions());
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return FlinkOptions.describe(JDBC.optionalOptions());
    }

    /**
     * Validates the table's options and schema as Sluice's planner would (without connecting), so a
     * bad table fails the statement, not the running job.
     *
     * @throws ValidationException naming the table and the option or column at fault
     */
    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        SinkSpec spec = SinkSpec.from(context.getObjectIdentifier(), context.getPhysicalRowDataType(),
                context.getCatalogTable().getResolvedSchema().getPrimaryKey(), context.getCatalogTable().getOptions());
        TableSink sink;
        try {
            sink = spec.createTableSink();
        } catch (io.sluice.api.options.ValidationException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        OptionalInt parallelism = sink.parallelism();
        return new SluiceJdbcDynamicTableSink(spec, parallelism.isPresent() ? parallelism.getAsInt() : null);
    }
}
