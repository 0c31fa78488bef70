package io.sluice.api.connector;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.types.LogicalType;
import java.util.Map;
import java.util.Set;

/**
 * Creates sources and sinks for tables whose {@code 'connector'} option equals {@link #identifier()}.
 * Implementations are found through {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/io.sluice.api.connector.DynamicTableFactory} entry); see {@link FactoryDiscovery}.
 */
public interface DynamicTableFactory {

    /** The value of {@code 'connector'} this factory serves, such as {@code jdbc}. */
    String identifier();

    /** Options that must be present. */
    Set<ConfigOption<?>> requiredOptions();

    /** Options that may be present; any other key is an error. */
    Set<ConfigOption<?>> optionalOptions();

    /**
     * The options a table with {@code options} may have besides the required ones: {@link #optionalOptions()},
     * and for a connector that reads through a format the options of the format the table names
     * ({@code 'format' = 'json'} allows {@code json.ignore-parse-errors}).
     */
    default Set<ConfigOption<?>> optionalOptions(TableOptions options) {
        return optionalOptions();
    }

    /**
     * The metadata a source of this connector can read, by key, with the type a column declaring it must
     * have ({@code part INT METADATA FROM 'partition'}); none by default. The source's context then holds
     * the table's metadata columns where the table declares them, and each row the source emits carries
     * their values there.
     */
    default Map<String, LogicalType> readableMetadata() {
        return Map.of();
    }

    /**
     * The metadata a sink of this connector can write, by key, with the type a column declaring it must
     * have; none by default. An INSERT writes the table's metadata columns that are not VIRTUAL: the sink's
     * context then holds them where the table declares them, and each row the sink receives carries their
     * values there.
     */
    default Map<String, LogicalType> writableMetadata() {
        return Map.of();
    }

    /** Key prefixes allowed as a group, such as {@code connection.pool.}; empty by default. */
    default Set<String> optionalPrefixes() {
        return Set.of();
    }

    /**
     * A source reading the table.
     *
     * @throws ValidationException when the options are invalid, or the connector cannot be read
     */
    default ScanSource createSource(FactoryContext context) {
        throw new ValidationException("Connector '" + identifier() + "' of table '" + context.table()
                + "' cannot be used as a source");
    }

    /**
     * A source the table's rows are looked up in, for lookup joins.
     *
     * @throws ValidationException when the options are invalid, or the connector cannot serve lookups
     */
    default LookupSource createLookupSource(FactoryContext context) {
        throw new ValidationException("Connector '" + identifier() + "' of table '" + context.table()
                + "' cannot be used for a lookup join (FOR SYSTEM_TIME AS OF)");
    }

    /**
     * A sink writing into the table.
     *
     * @throws ValidationException when the options are invalid, or the connector cannot be written
     */
    default TableSink createSink(FactoryContext context) {
        throw new ValidationException("Connector '" + identifier() + "' of table '" + context.table()
                + "' cannot be used as a sink");
    }
}
