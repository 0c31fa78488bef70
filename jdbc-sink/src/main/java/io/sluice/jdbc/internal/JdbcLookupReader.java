package io.sluice.jdbc.internal;

import io.sluice.api.connector.LookupCache;
import io.sluice.api.connector.LookupReader;
import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.JdbcDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks rows up by key with one prepared statement on a connection of the table's pool, kept for the
 * reader's life. A failed lookup is retried on a new connection up to {@code maxRetries} times, waiting
 * a second more each time; then the job fails naming the table and the key.
 */
public final class JdbcLookupReader implements LookupReader {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcLookupReader.class);
    private static final long BACKOFF_MILLIS = 1000;

    private final String label;
    private final SharedPool pool;
    private final JdbcDialect dialect;
    private final String query;
    private final List<LogicalType> keyTypes;
    private final List<LogicalType> columnTypes;
    private final LookupCache cache;
    private final int maxRetries;
    private Connection connection;
    private PreparedStatement statement;

    /** @param cache null when rows are not cached */
    public JdbcLookupReader(String label, SharedPool pool, JdbcDialect dialect, String query, List<LogicalType> keyTypes,
                            List<LogicalType> columnTypes, LookupCache cache, int maxRetries) {
        this.label = label;
        this.pool = pool;
        this.dialect = dialect;
        this.query = query;
        this.keyTypes = List.copyOf(keyTypes);
        this.columnTypes = List.copyOf(columnTypes);
        this.cache = cache;
        this.maxRetries = maxRetries;
    }

    @Override
    public List<Row> lookup(Object[] key) throws SQLException, InterruptedException {
        List<Object> cacheKey = Arrays.asList(key);
        List<Row> rows = cache == null ? null : cache.get(cacheKey);
        if (rows == null) {
            rows = query(key);
            if (cache != null) {
                cache.put(cacheKey, rows);
            }
        }
        return rows;
    }

    private List<Row> query(Object[] key) throws SQLException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return select(key);
            } catch (SQLException e) {
                discardConnection();
                SQLException masked = MaskedSqlException.of(e);
                if (attempt >= maxRetries) {
                    throw new SQLException(label + ": looking up key " + Arrays.toString(key) + " failed after "
                            + (attempt + 1) + " attempt(s): " + masked.getMessage(), masked.getSQLState(),
                            masked.getErrorCode(), masked);
                }
                LOG.warn("{}: looking up key {} failed ({}); retrying", label, Arrays.toString(key), masked.getMessage());
                Thread.sleep(BACKOFF_MILLIS * (attempt + 1));
            }
        }
    }

    private List<Row> select(Object[] key) throws SQLException {
        if (statement == null) {
            connection = pool.acquire();
            statement = connection.prepareStatement(query);
        }
        for (int i = 0; i < key.length; i++) {
            dialect.valueCodec().bind(statement, i + 1, key[i], keyTypes.get(i));
        }
        List<Row> rows = new ArrayList<>(1);
        try (ResultSet result = statement.executeQuery()) {
            while (result.next()) {
                Object[] fields = new Object[columnTypes.size()];
                for (int i = 0; i < fields.length; i++) {
                    fields[i] = dialect.read(result, i + 1, columnTypes.get(i));
                }
                rows.add(Row.insert(fields));
            }
        }
        return rows;
    }

    private void discardConnection() {
        Connection broken = connection;
        connection = null;
        statement = null;
        if (broken != null) {
            pool.evict(broken);
        }
    }

    @Override
    public void close() throws SQLException {
        try (SharedPool release = pool) {
            if (statement != null) {
                statement.close();
            }
        } finally {
            if (connection != null) {
                pool.release(connection);
            }
        }
    }
}
