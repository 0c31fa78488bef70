package io.sluice.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.pool.HikariPool;
import io.sluice.api.connector.FactoryContext;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.options.TableOptions;
import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.TypeRoot;
import io.sluice.jdbc.dialect.ColumnTypeCheck;
import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.internal.ConnectionTarget;
import io.sluice.jdbc.internal.DialectDiscovery;
import io.sluice.jdbc.internal.MaskedSqlException;
import io.sluice.jdbc.internal.PoolOptions;
import io.sluice.jdbc.internal.RetryPolicy;
import io.sluice.jdbc.internal.SharedPool;
import io.sluice.jdbc.internal.SinkTable;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/**
 * A jdbc table's options, validated once when the table is used, with the connection target and
 * dialect they lead to. Every error names the table and the option; the password never appears.
 */
final class JdbcTableConfig {
    private final TableOptions options;
    private final SinkTable table;
    private final ConnectionTarget target;
    private final JdbcDialect dialect;

    private JdbcTableConfig(TableOptions options, SinkTable table, ConnectionTarget target, JdbcDialect dialect) {
        this.options = options;
        this.table = table;
        this.target = target;
        this.dialect = dialect;
    }

    /**
     * Validates the options of {@code context}, resolves the URL and finds the dialect.
     *
     * @throws ValidationException naming the table and the option at fault
     */
    static JdbcTableConfig from(FactoryContext context, ClassLoader classLoader) {
        TableOptions options = context.options();
        options.validate(JdbcOptions.required(), JdbcOptions.optional(), List.of(JdbcOptions.POOL_PREFIX));
        String tableName = nonBlank(options, JdbcOptions.TABLE_NAME);
        checkRanges(options);
        TableDefinition definition = new TableDefinition(tableName, context.schema().columns(),
                context.schema().primaryKey());
        SinkTable table = new SinkTable("JDBC table '" + context.table() + "' (database table '" + tableName + "')",
                definition);
        ConnectionTarget target = ConnectionTarget.resolve(nonBlank(options, JdbcOptions.URL),
                options.get(JdbcOptions.USERNAME), options.get(JdbcOptions.PASSWORD), classLoader);
        JdbcDialect dialect = DialectDiscovery.find(context.table().toString(),
                target.jdbcUrl(), classLoader);
        for (Column column : definition.columns()) {
            TypeRoot root = column.type().root();
            ColumnTypeCheck.require(root != TypeRoot.ROW && root != TypeRoot.MAP, tableName, column.name(),
                    column.type(), root == TypeRoot.ROW
                            ? "a JDBC table holds scalar columns; declare the ROW's fields as columns of their own"
                            : "a JDBC table holds scalar columns; a MAP's entries would need a table of their own");
            dialect.validateType(tableName, column.name(), column.type());
        }
        JdbcTableConfig config = new JdbcTableConfig(options, table, target, dialect);
        config.poolConfig(1);
        return config;
    }

    SinkTable table() {
        return table;
    }

    TableDefinition definition() {
        return table.definition();
    }

    JdbcDialect dialect() {
        return dialect;
    }

    <T> T get(ConfigOption<T> option) {
        return options.get(option);
    }

    OptionalInt parallelism() {
        Integer parallelism = options.get(JdbcOptions.SINK_PARALLELISM);
        return parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism);
    }

    RetryPolicy retryPolicy() {
        return new RetryPolicy(get(JdbcOptions.SINK_MAX_RETRIES), get(JdbcOptions.SINK_RETRY_BACKOFF),
                get(JdbcOptions.CONNECTION_MAX_RETRY_TIMEOUT), RetryPolicy.Sleeper.THREAD);
    }

    /**
     * The table's pool in this process, sized for {@code parallelism} writers plus a reader. A first
     * connection that fails for a transient reason (the server restarting) is retried as flushes are.
     *
     * @throws JdbcSinkException naming the table, the masked URL and the user when no connection can be made
     */
    SharedPool openPool(int parallelism) throws InterruptedException {
        String key = options.table() + "|" + target.jdbcUrl() + "|" + target.username();
        try {
            return retryPolicy().call(table.label() + ": connecting to " + target.maskedUrl(),
                    () -> openPool(key, parallelism));
        } catch (SQLException e) {
            SQLException masked = MaskedSqlException.of(e);
            String user = target.username() == null ? "" : " as user '" + target.username() + "'";
            throw new JdbcSinkException(table.label() + ": cannot connect to " + target.maskedUrl() + user + ": "
                    + masked.getMessage(), masked, null);
        }
    }

    private SharedPool openPool(String key, int parallelism) throws SQLException {
        try {
            return SharedPool.open(key, () -> poolConfig(parallelism));
        } catch (HikariPool.PoolInitializationException e) {
            throw e.getCause() instanceof SQLException sql ? sql : new SQLException(e.getMessage(), e);
        }
    }

    private HikariConfig poolConfig(int parallelism) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("sluice-jdbc-" + options.table().table());
        String driver = driverClass();
        config.setJdbcUrl(dialect.connectionUrl(target.jdbcUrl(), driver));
        config.setUsername(target.username());
        config.setPassword(target.password());
        ConnectionTimeouts timeouts = new ConnectionTimeouts(options.get(JdbcOptions.CONNECTION_CONNECT_TIMEOUT),
                options.get(JdbcOptions.CONNECTION_SOCKET_TIMEOUT));
        dialect.driverProperties(target.jdbcUrl(), timeouts).forEach(config::addDataSourceProperty);
        config.setMaximumPoolSize(parallelism + 1);
        config.setMinimumIdle(1);
        // The pool hands this limit to the driver as its login timeout, the only bound MySQL Connector/J
        // puts on the login handshake.
        config.setConnectionTimeout(timeouts.connect().toMillis());
        if (driver != null) {
            try {
                config.setDriverClassName(driver);
            } catch (RuntimeException e) {
                throw new ValidationException("Table '" + options.table() + "': option 'driver' = '" + driver
                        + "': the class is not on the classpath (" + e.getMessage() + ")", e);
            }
        }
        PoolOptions.apply(options, config);
        return config;
    }

    /**
     * The {@code driver} option, else the dialect's driver for the URL when it is on the classpath, else
     * null: then the driver registered for the URL serves it.
     */
    private String driverClass() {
        String driver = options.get(JdbcOptions.DRIVER);
        if (driver != null) {
            return driver;
        }
        String preferred = dialect.defaultDriverClass(target.jdbcUrl());
        return isOnClasspath(preferred) ? preferred : null;
    }

    private static boolean isOnClasspath(String className) {
        try {
            Class.forName(className, false, JdbcTableConfig.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static String nonBlank(TableOptions options, ConfigOption<String> option) {
        String value = options.get(option);
        if (value.isBlank()) {
            throw new ValidationException("Table '" + options.table() + "': option '" + option.key()
                    + "' must not be empty");
        }
        return value.trim();
    }

    private static void checkRanges(TableOptions options) {
        atLeast(options, JdbcOptions.SINK_BUFFER_FLUSH_MAX_ROWS, 0);
        atLeast(options, JdbcOptions.SINK_MAX_RETRIES, 0);
        atLeast(options, JdbcOptions.SINK_BULK_WRITE_MIN_ROWS, 0);
        atLeast(options, JdbcOptions.SCAN_FETCH_SIZE, 0);
        if (options.contains(JdbcOptions.SINK_PARALLELISM)) {
            atLeast(options, JdbcOptions.SINK_PARALLELISM, 1);
        }
        atLeastOneSecond(options, JdbcOptions.CONNECTION_MAX_RETRY_TIMEOUT);
        atLeastOneSecond(options, JdbcOptions.CONNECTION_CONNECT_TIMEOUT);
        atLeastOneSecond(options, JdbcOptions.CONNECTION_SOCKET_TIMEOUT);
        atLeast(options, JdbcOptions.SINK_EXACTLY_ONCE_MAX_BUFFERED_ROWS, 1);
        if (options.get(JdbcOptions.SINK_DELIVERY_GUARANTEE) == DeliveryGuarantee.EXACTLY_ONCE
                && !options.get(JdbcOptions.SINK_FLUSH_TRANSACTIONAL)) {
            throw outOfRange(options, JdbcOptions.SINK_FLUSH_TRANSACTIONAL, "cannot be combined with '"
                    + JdbcOptions.SINK_DELIVERY_GUARANTEE.key() + "' = 'exactly-once', which commits rows and "
                    + "progress in one transaction");
        }
        if (options.get(JdbcOptions.SINK_PROGRESS_TABLE).isBlank()) {
            throw outOfRange(options, JdbcOptions.SINK_PROGRESS_TABLE, "must not be empty");
        }
    }

    private static void atLeast(TableOptions options, ConfigOption<Integer> option, int minimum) {
        if (options.get(option) < minimum) {
            throw outOfRange(options, option, "must be at least " + minimum);
        }
    }

    /** Drivers that count in seconds would take less as "no limit". */
    private static void atLeastOneSecond(TableOptions options, ConfigOption<Duration> option) {
        if (options.get(option).compareTo(Duration.ofSeconds(1)) < 0) {
            throw outOfRange(options, option, "must be at least 1 s");
        }
    }

    private static ValidationException outOfRange(TableOptions options, ConfigOption<?> option, String rule) {
        return new ValidationException("Table '" + options.table() + "': option '" + option.key() + "' = '"
                + options.asMap().get(option.key()) + "' " + rule);
    }
}
