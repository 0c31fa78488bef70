package io.sluice.jdbc;

import io.sluice.api.connector.LookupOptions;
import io.sluice.api.connector.LookupReader;
import io.sluice.api.connector.LookupSource;
import io.sluice.api.options.TableOptions;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.internal.JdbcLookupReader;
import io.sluice.jdbc.internal.SharedPool;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The jdbc table looked up by key: {@code SELECT <columns> FROM <table> WHERE k1 = ? AND ...} per key,
 * through the table's pool, with the {@code lookup.*} options' cache and retries.
 */
final class JdbcLookupSource implements LookupSource {
    private final JdbcTableConfig config;
    private final TableOptions options;

    JdbcLookupSource(JdbcTableConfig config, TableOptions options) {
        this.config = config;
        this.options = options;
        LookupOptions.cache(options);
    }

    @Override
    public LookupReader createReader(int[] keyColumns, int subtaskIndex, int parallelism) {
        List<String> columns = config.definition().columns().stream().map(c -> c.name()).toList();
        String query = config.dialect().selectStatement(config.definition()) + " WHERE " + Arrays.stream(keyColumns)
                .mapToObj(i -> config.dialect().quoteIdentifier(columns.get(i)) + " = ?")
                .collect(Collectors.joining(" AND "));
        List<LogicalType> types = config.definition().columnTypes();
        List<LogicalType> keyTypes = Arrays.stream(keyColumns).mapToObj(types::get).toList();
        SharedPool pool;
        try {
            pool = config.openPool(parallelism);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(config.table().label() + ": cancelled while connecting", e);
        }
        return new JdbcLookupReader(config.table().label(), pool, config.dialect(), query, keyTypes, types,
                LookupOptions.cache(options), options.get(LookupOptions.MAX_RETRIES));
    }
}
