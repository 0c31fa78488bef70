package io.sluice.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.connector.DynamicTableFactory;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.FactoryDiscovery;
import io.sluice.api.connector.TableSink;
import io.sluice.api.data.ChangelogMode;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JdbcDynamicTableFactoryTest {
    private static final ObjectIdentifier ORDERS = ObjectIdentifier.of("orders");
    private static final TableSchema KEYED = TableSchema.of(List.of(new Column("id", LogicalType.bigint()),
            new Column("status", LogicalType.string())), List.of("id"), null);

    private final DynamicTableFactory factory = new JdbcDynamicTableFactory();

    @Test
    void isFoundAsConnectorJdbc() {
        assertThat(FactoryDiscovery.find("orders", "jdbc", getClass().getClassLoader()))
                .isInstanceOf(JdbcDynamicTableFactory.class);
    }

    @Test
    void aKeyedSinkTakesUpsertsAndAnUnkeyedOneInsertsOnly() {
        TableSink keyed = factory.createSink(context(KEYED, options()));
        TableSink unkeyed = factory.createSink(context(TableSchema.of(KEYED.columns()), options()));

        assertThat(keyed.getChangelogMode(ChangelogMode.all())).isEqualTo(ChangelogMode.upsert());
        assertThat(unkeyed.getChangelogMode(ChangelogMode.all())).isEqualTo(ChangelogMode.insertOnly());
        assertThat(unkeyed.requiresPrimaryKeyForUpdates()).isTrue();
        assertThat(keyed.parallelism()).isEmpty();
    }

    @Test
    void sinkParallelismIsAskedFor() {
        TableSink sink = factory.createSink(context(KEYED, options("sink.parallelism", "3")));

        assertThat(sink.parallelism()).hasValue(3);
    }

    @Test
    void missingAndUnknownOptionsNameTheTable() {
        Map<String, String> withoutUrl = options();
        withoutUrl.remove("url");

        assertInvalid(withoutUrl, "default_catalog.default_database.orders", "missing required option 'url'");
        assertInvalid(options("sink.buffer-flush.max-row", "5"), "unknown option 'sink.buffer-flush.max-row'");
    }

    @Test
    void valuesOutOfRangeNameTheOptionAndValue() {
        assertInvalid(options("sink.max-retries", "-1"), "'sink.max-retries' = '-1' must be at least 0");
        assertInvalid(options("sink.buffer-flush.interval", "soon"), "'sink.buffer-flush.interval' = 'soon'");
        assertInvalid(options("connection.max-retry-timeout", "500 ms"), "'connection.max-retry-timeout'");
        assertInvalid(options("sink.parallelism", "0"), "'sink.parallelism' = '0' must be at least 1");
        assertInvalid(options("table-name", " "), "'table-name' must not be empty");
        assertInvalid(options("sink.delivery-guarantee", "twice"), "'sink.delivery-guarantee' = 'twice'");
        assertInvalid(options("sink.exactly-once.max-buffered-rows", "0"),
                "'sink.exactly-once.max-buffered-rows' = '0' must be at least 1");
        assertInvalid(options("sink.progress-table", " "), "'sink.progress-table' = ' ' must not be empty");
    }

    @Test
    void exactlyOnceNeedsTransactionalFlushes() {
        assertInvalid(options("sink.delivery-guarantee", "exactly-once", "sink.flush.transactional", "false"),
                "'sink.flush.transactional' = 'false' cannot be combined with 'sink.delivery-guarantee' = 'exactly-once'");
        factory.createSink(context(KEYED, options("sink.delivery-guarantee", "EXACTLY-ONCE")));
    }

    @Test
    void poolOptionsAreCheckedByName() {
        assertInvalid(options("connection.pool.max-size", "4"), "unknown option 'connection.pool.max-size'",
                "connection.pool.maximum-pool-size");
        assertInvalid(options("connection.pool.maximum-pool-size", "0"), "'connection.pool.maximum-pool-size' = '0'");
        assertInvalid(options("connection.pool.connection-timeout", "10 ms"), "'connection.pool.connection-timeout'");
        assertInvalid(options("connection.pool.transaction-isolation", "READ_SOMETIMES"),
                "'connection.pool.transaction-isolation' = 'READ_SOMETIMES'");
        factory.createSink(context(KEYED, options("connection.pool.maximum-pool-size", "4",
                "connection.pool.connection-timeout", "2 s",
                "connection.pool.transaction-isolation", "TRANSACTION_READ_COMMITTED")));
    }

    @Test
    void anUnknownDriverClassNamesTheDriverOption() {
        assertInvalid(options("driver", "org.example.NoSuchDriver"), "'driver' = 'org.example.NoSuchDriver'");
    }

    @Test
    void aUrlNoDialectAcceptsListsTheSchemeAndTheDialectsWithoutThePassword() {
        Map<String, String> options = options("url", "jdbc:oracle:thin:@db?user=scott&password=tiger",
                "password", "tiger");

        assertThatThrownBy(() -> factory.createSink(context(KEYED, options)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("'jdbc:oracle:'")
                .hasMessageContaining("[fake]")
                .message().doesNotContain("tiger");
    }

    @Test
    void aResolverTurnsItsUrlIntoAJdbcUrl() {
        TableSink sink = factory.createSink(context(KEYED, options("url", "test:fake")));

        assertThat(sink.getChangelogMode(ChangelogMode.upsert())).isEqualTo(ChangelogMode.upsert());
    }

    @Test
    void typesTheDatabaseCannotHoldFailWhenTheTableIsUsed() {
        TableSchema withTime = TableSchema.of(List.of(new Column("id", LogicalType.bigint()),
                new Column("at", LogicalType.time(0))), List.of("id"), null);

        assertThatThrownBy(() -> factory.createSink(context(withTime, options())))
                .hasMessageContaining("column 'at'");
        assertThatThrownBy(() -> factory.createSource(context(withTime, options())))
                .hasMessageContaining("column 'at'");
    }

    @Test
    void theSourceIsABoundedInsertOnlySnapshot() {
        var source = factory.createSource(context(KEYED, options()));

        assertThat(source.isBounded()).isTrue();
        assertThat(source.getChangelogMode()).isEqualTo(ChangelogMode.insertOnly());
    }

    private void assertInvalid(Map<String, String> options, String... fragments) {
        var thrown = assertThatThrownBy(() -> factory.createSink(context(KEYED, options)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("orders");
        for (String fragment : fragments) {
            thrown.hasMessageContaining(fragment);
        }
    }

    private static Map<String, String> options(String... keysAndValues) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "jdbc", "url", "jdbc:fake://h/db",
                "table-name", "public.orders"));
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    private static FactoryContext context(TableSchema schema, Map<String, String> options) {
        return new FactoryContext(ORDERS, schema, new TableOptions(ORDERS, options), Map.of());
    }
}
