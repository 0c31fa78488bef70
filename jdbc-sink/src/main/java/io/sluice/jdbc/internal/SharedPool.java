package io.sluice.jdbc.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HikariCP pool of one sink table in this process, shared by the table's writers and readers and
 * closed when the last of them closes. Each {@link #open} must be matched by one {@link #close}.
 */
public final class SharedPool implements ConnectionSource, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SharedPool.class);
    private static final Map<String, SharedPool> POOLS = new HashMap<>();

    private final String key;
    private final HikariDataSource dataSource;
    private int references;
    private boolean tablePrepared;

    private SharedPool(String key, HikariDataSource dataSource) {
        this.key = key;
        this.dataSource = dataSource;
    }

    /**
     * The pool registered under {@code key}, created from {@code config} by the first caller.
     *
     * @throws com.zaxxer.hikari.pool.HikariPool.PoolInitializationException when the first connection fails
     */
    public static SharedPool open(String key, Supplier<HikariConfig> config) {
        synchronized (POOLS) {
            SharedPool pool = POOLS.get(key);
            if (pool == null) {
                pool = new SharedPool(key, new HikariDataSource(config.get()));
                POOLS.put(key, pool);
            }
            pool.references++;
            return pool;
        }
    }

    /** Runs {@code preparation} (such as creating the table) once per pool, whichever writer comes first. */
    public synchronized void prepareTableOnce(TablePreparation preparation) throws SQLException {
        if (!tablePrepared) {
            try (Connection connection = dataSource.getConnection()) {
                preparation.prepare(connection);
            }
            tablePrepared = true;
        }
    }

    @Override
    public Connection acquire() throws SQLException {
        return dataSource.getConnection();
    }

    @Override
    public void release(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("Returning a connection to pool {} failed", dataSource.getPoolName(), e);
        }
    }

    @Override
    public void evict(Connection connection) {
        dataSource.evictConnection(connection);
    }

    /** Gives up one reference; the last one closes the pool. */
    @Override
    public void close() {
        synchronized (POOLS) {
            if (--references == 0) {
                POOLS.remove(key);
                closeUninterrupted();
            }
        }
    }

    /**
     * A writer closes on a thread the failing job has interrupted; the pool would then stop waiting for
     * its connections to close and log the interruption with a stack trace. Closing takes a bounded time
     * (the pool's own timeout), so the interruption waits until it is done.
     */
    private void closeUninterrupted() {
        boolean interrupted = Thread.interrupted();
        try {
            dataSource.close();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Work on the table that must happen once before writers start. */
    @FunctionalInterface
    public interface TablePreparation {
        void prepare(Connection connection) throws SQLException;
    }
}
