package io.sluice.jdbc;

import io.sluice.api.connector.LookupOptions;
import io.sluice.api.options.ConfigOption;
import io.sluice.jdbc.internal.PoolOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code WITH (...)} options of a {@code 'connector' = 'jdbc'} table, with Flink's names and
 * defaults where Flink has them. Pool settings go under {@link #POOL_PREFIX} (see {@code PoolOptions}).
 */
public final class JdbcOptions {
    /** Options under this prefix configure the table's HikariCP pool, such as {@code connection.pool.maximum-pool-size}. */
    public static final String POOL_PREFIX = "connection.pool.";

    /**
     * Where COPY began to beat unnest on PostgreSQL in the sink benchmark: below it the second write
     * (staging table, then table) costs more than the text the server no longer parses.
     */
    private static final int BULK_WRITE_MIN_ROWS_DEFAULT = 15_000;

    public static final ConfigOption<String> URL = ConfigOption.stringOption("url")
            .description("The JDBC URL, such as jdbc:postgresql://host:5432/db, or a URL a resolver serves, "
                    + "such as embedded:postgres.").build();

    public static final ConfigOption<String> TABLE_NAME = ConfigOption.stringOption("table-name")
            .description("The database table, optionally schema-qualified (schema.table).").build();

    public static final ConfigOption<String> USERNAME = ConfigOption.stringOption("username")
            .description("The database user; may also be given in the URL.").build();

    public static final ConfigOption<String> PASSWORD = ConfigOption.stringOption("password").secret()
            .description("The database password; never logged.").build();

    public static final ConfigOption<String> DRIVER = ConfigOption.stringOption("driver")
            .description("The JDBC driver class; by default the driver registered for the URL.").build();

    public static final ConfigOption<Integer> SINK_BUFFER_FLUSH_MAX_ROWS = ConfigOption
            .intOption("sink.buffer-flush.max-rows").defaultValue(100)
            .description("Flush after this many rows were received since the last flush; 0 disables.").build();

    public static final ConfigOption<Duration> SINK_BUFFER_FLUSH_INTERVAL = ConfigOption
            .durationOption("sink.buffer-flush.interval").defaultValue(Duration.ofSeconds(1))
            .description("Flush this long after the last flush; 0 disables the timer.").build();

    public static final ConfigOption<Boolean> SINK_BUFFER_FLUSH_PIPELINED = ConfigOption
            .booleanOption("sink.buffer-flush.pipelined").defaultValue(true)
            .description("Flush on a thread of the writer's own while the buffer goes on filling and absorbing; "
                    + "false flushes while the job waits.").build();

    public static final ConfigOption<Integer> SINK_BULK_WRITE_MIN_ROWS = ConfigOption
            .intOption("sink.bulk-write.min-rows").defaultValue(BULK_WRITE_MIN_ROWS_DEFAULT)
            .description("The upserts of one flush, when at least this many, go through the database's bulk path "
                    + "(PostgreSQL: COPY into a staging table, in the flush's transaction); 0 never.").build();

    public static final ConfigOption<Integer> SINK_MAX_RETRIES = ConfigOption.intOption("sink.max-retries")
            .defaultValue(3)
            .description("How often a flush that failed for a transient reason is retried.").build();

    public static final ConfigOption<Duration> SINK_RETRY_BACKOFF = ConfigOption
            .durationOption("sink.retry.backoff").defaultValue(Duration.ofSeconds(1))
            .description("Delay before the first retry; it doubles with every retry, with jitter.").build();

    public static final ConfigOption<Integer> SINK_PARALLELISM = ConfigOption.intOption("sink.parallelism")
            .description("Parallelism of the sink; the job's default when absent.").build();

    public static final ConfigOption<Boolean> SINK_AUTO_CREATE = ConfigOption.booleanOption("sink.auto-create")
            .defaultValue(false)
            .description("Create the table from the declared schema when it does not exist.").build();

    public static final ConfigOption<KeyCollationCheck> SINK_KEY_COLLATION_CHECK = ConfigOption
            .enumOption("sink.key-collation-check", KeyCollationCheck.class).defaultValue(KeyCollationCheck.FAIL)
            .description("At open, when the table's key columns compare distinct values as equal (a case-"
                    + "insensitive collation, one that ignores trailing spaces): fail, or warn and write anyway. "
                    + "A table the sink creates always compares keys exactly.").build();

    public static final ConfigOption<Boolean> SINK_FLUSH_TRANSACTIONAL = ConfigOption
            .booleanOption("sink.flush.transactional").defaultValue(true)
            .description("Write each flush in one transaction, so readers see all of it or none.").build();

    public static final ConfigOption<DeliveryGuarantee> SINK_DELIVERY_GUARANTEE = ConfigOption
            .enumOption("sink.delivery-guarantee", DeliveryGuarantee.class).defaultValue(DeliveryGuarantee.AT_LEAST_ONCE)
            .description("at-least-once: flush as rows come, rewrite the changes since the last checkpoint after a "
                    + "restore. exactly-once: write only when a checkpoint is durable, with the sink's progress row "
                    + "in the same transaction (needs checkpoints; max-rows and interval do not apply).").build();

    public static final ConfigOption<String> SINK_PROGRESS_TABLE = ConfigOption.stringOption("sink.progress-table")
            .defaultValue("sluice_sink_progress")
            .description("Exactly-once: the table (optionally schema.table) holding each sink subtask's last "
                    + "committed checkpoint and epoch; created when missing.").build();

    public static final ConfigOption<Integer> SINK_EXACTLY_ONCE_MAX_BUFFERED_ROWS = ConfigOption
            .intOption("sink.exactly-once.max-buffered-rows").defaultValue(1_000_000)
            .description("Exactly-once: the most rows (one per changed key) a subtask may hold until a checkpoint "
                    + "commits them; more fails the job instead of running out of memory.").build();

    public static final ConfigOption<Duration> CONNECTION_MAX_RETRY_TIMEOUT = ConfigOption
            .durationOption("connection.max-retry-timeout").defaultValue(Duration.ofSeconds(60))
            .description("Longest delay between retries, and the time limit for checking a connection.").build();

    public static final ConfigOption<Duration> CONNECTION_CONNECT_TIMEOUT = ConfigOption
            .durationOption("connection.connect-timeout").defaultValue(Duration.ofSeconds(10))
            .description("Longest wait to open a connection and log in (whole seconds on PostgreSQL), and to "
                    + "get one from the table's pool unless connection.pool.connection-timeout says otherwise.")
            .build();

    public static final ConfigOption<Duration> CONNECTION_SOCKET_TIMEOUT = ConfigOption
            .durationOption("connection.socket-timeout").defaultValue(Duration.ofMinutes(5))
            .description("Longest wait for any answer of a connected server; a flush waiting longer fails "
                    + "as a broken connection and is retried.").build();

    public static final ConfigOption<Duration> SINK_FLUSH_SLOW_THRESHOLD = ConfigOption
            .durationOption("sink.flush.slow-threshold").defaultValue(Duration.ofSeconds(10))
            .description("A flush waiting on the database longer than this logs a warning naming the table, "
                    + "again each time the wait doubles; 0 disables the warning.").build();

    public static final ConfigOption<Integer> SCAN_FETCH_SIZE = ConfigOption.intOption("scan.fetch-size")
            .defaultValue(1000)
            .description("Rows fetched per round trip when the table is read as a source.").build();

    private JdbcOptions() {
    }

    /** The {@code connection.pool.*} options a table may set, each passed to one HikariCP setting. */
    public static List<ConfigOption<?>> poolOptions() {
        return PoolOptions.all();
    }

    static List<ConfigOption<?>> required() {
        return List.of(URL, TABLE_NAME);
    }

    static List<ConfigOption<?>> optional() {
        List<ConfigOption<?>> optional = new ArrayList<>(LookupOptions.all());
        optional.addAll(List.of(USERNAME, PASSWORD, DRIVER, SINK_BUFFER_FLUSH_MAX_ROWS, SINK_BUFFER_FLUSH_INTERVAL,
                SINK_BUFFER_FLUSH_PIPELINED, SINK_BULK_WRITE_MIN_ROWS, SINK_MAX_RETRIES, SINK_RETRY_BACKOFF, SINK_PARALLELISM, SINK_AUTO_CREATE, SINK_KEY_COLLATION_CHECK, SINK_FLUSH_TRANSACTIONAL,
                SINK_DELIVERY_GUARANTEE, SINK_PROGRESS_TABLE, SINK_EXACTLY_ONCE_MAX_BUFFERED_ROWS,
                CONNECTION_MAX_RETRY_TIMEOUT, CONNECTION_CONNECT_TIMEOUT, CONNECTION_SOCKET_TIMEOUT,
                SINK_FLUSH_SLOW_THRESHOLD, SCAN_FETCH_SIZE));
        return optional;
    }
}
