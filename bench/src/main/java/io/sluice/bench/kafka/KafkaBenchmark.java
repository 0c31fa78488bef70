package io.sluice.bench.kafka;

import io.sluice.bench.runtime.TimedJob;
import io.sluice.planner.TableEnvironment;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The jobs of {@code bench/run kafka}, their topics, and the check of what they wrote. */
public final class KafkaBenchmark {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaBenchmark.class);
    private static final int PARTITIONS = 4;

    /**
     * @param events      page views in the first topic
     * @param changes     Debezium changes in the second
     * @param keys        orders those changes are about
     * @param parallelism the jobs' parallelism
     */
    public record Config(long events, long changes, long keys, int parallelism) {
    }

    private KafkaBenchmark() {
    }

    public static void run(Config config, Map<String, String> environment, PrintStream out) throws Exception {
        String external = environment.get("SLUICE_BENCH_KAFKA");
        try (BrokerProcess broker = external == null ? BrokerProcess.start() : null) {
            String servers = external != null ? external : broker.bootstrapServers();
            String views = "views-" + UUID.randomUUID().toString().substring(0, 8);
            String orders = "orders-" + UUID.randomUUID().toString().substring(0, 8);
            LOG.info("Writing {} page views to topic {} and {} order changes to topic {} at {}", config.events(),
                    views, config.changes(), orders, servers);
            TopicFiller.fill(servers, views, PARTITIONS, config.events(), TopicFiller::pageView,
                    i -> (int) (i % PARTITIONS));
            TopicFiller.fill(servers, orders, PARTITIONS, config.changes(), i -> TopicFiller.orderChange(i, config.keys()),
                    i -> (int) (i % config.keys() % PARTITIONS));
            out.println("| job | engine | parallelism | messages | run s | messages/s | CPU s per million messages"
                    + " | messages per CPU s | Sluice's messages per CPU s over Flink's |");
            out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
            String pageViews = "json page views, GROUP BY page into blackhole";
            TimedJob sluice = timed(config, config.events(), pageViewJob(servers, views));
            TimedJob flink = flinkTimed(FlinkJobs.pageViewJob(servers, views), config);
            print(out, pageViews, config, config.events(), sluice, flink);
            String url = environment.getOrDefault("SLUICE_PG_URL", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
            String table = "bench_orders_" + UUID.randomUUID().toString().substring(0, 8);
            sluice = timed(config, config.changes(), orderCopyJob(servers, orders, url, table));
            checkOrders(url, table, config);
            flink = flinkTimed(FlinkJobs.orderCopyJob(servers, orders, url, table), config, () -> {
                createOrdersTable(url, table);
                return () -> checkOrders(url, table, config);
            });
            print(out, "debezium-json orders into PostgreSQL (upsert by id)", config, config.changes(), sluice, flink);
        }
    }

    private static void print(PrintStream out, String job, Config config, long messages, TimedJob sluice,
                              TimedJob flink) {
        double ratio = (messages / (sluice.cpuNanos() / 1e9)) / (messages / (flink.cpuNanos() / 1e9));
        out.println(row(job, "Sluice", config, messages, sluice, String.format(Locale.ROOT, "%.1fx", ratio)));
        out.println(row(job, "Flink 2.3", config, messages, flink, ""));
        out.flush();
    }

    /** Something to do before a run, returning the check to do after it. */
    @FunctionalInterface
    private interface Prepared {
        Check prepare() throws Exception;
    }

    @FunctionalInterface
    private interface Check {
        void run() throws Exception;
    }

    private static TimedJob flinkTimed(List<String> statements, Config config) throws Exception {
        return flinkTimed(statements, config, () -> () -> { });
    }

    /** A warm-up run and a timed run of the same job on Flink, each prepared and checked. */
    private static TimedJob flinkTimed(List<String> statements, Config config, Prepared prepared) throws Exception {
        TimedJob job = null;
        for (int run = 0; run < 2; run++) {
            Check check = prepared.prepare();
            job = FlinkJobs.run(statements, config.parallelism());
            check.run();
        }
        return job;
    }

    private static void createOrdersTable(String url, String table) throws Exception {
        try (Connection connection = DriverManager.getConnection(url);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, store INT, amount DECIMAL(10, 2))");
        }
    }

    private static TimedJob timed(Config config, long messages, List<String> statements) throws InterruptedException {
        TimedJob job = null;
        for (int run = 0; run < 2; run++) {
            TableEnvironment environment = TableEnvironment.create(Map.of("parallelism.default",
                    Integer.toString(config.parallelism())));
            statements.subList(0, statements.size() - 1).forEach(environment::executeSql);
            job = TimedJob.run(environment, statements.get(statements.size() - 1));
            if (job.rowsIn() < messages) {
                throw new IllegalStateException("The job read " + job.rowsIn() + " rows from " + messages + " messages");
            }
        }
        return job;
    }

    private static List<String> pageViewJob(String servers, String topic) {
        return List.of("""
                CREATE TABLE page_views (user_id BIGINT, page STRING, ms INT, ts TIMESTAMP(3)) WITH (
                  'connector' = 'kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '%s', 'format' = 'json',
                  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')
                """.formatted(topic, servers), """
                CREATE TABLE per_page (page STRING, view_count BIGINT, total_ms BIGINT) WITH ('connector' = 'blackhole')
                """, "INSERT INTO per_page SELECT page, COUNT(*), SUM(ms) FROM page_views GROUP BY page");
    }

    private static List<String> orderCopyJob(String servers, String topic, String url, String table) {
        return List.of("""
                CREATE TABLE orders (id BIGINT, store INT, amount DECIMAL(10, 2), PRIMARY KEY (id) NOT ENFORCED)
                WITH ('connector' = 'kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '%s',
                  'format' = 'debezium-json', 'scan.startup.mode' = 'earliest-offset',
                  'scan.bounded.mode' = 'latest-offset')
                """.formatted(topic, servers), """
                CREATE TABLE orders_copy (id BIGINT, store INT, amount DECIMAL(10, 2), PRIMARY KEY (id) NOT ENFORCED)
                WITH ('connector' = 'jdbc', 'url' = '%s', 'table-name' = '%s', 'sink.auto-create' = 'true',
                  'sink.buffer-flush.max-rows' = '5000')
                """.formatted(url, table), "INSERT INTO orders_copy SELECT id, store, amount FROM orders");
    }

    /** The copy holds every order whose last change was not a delete, and no other. */
    private static void checkOrders(String url, String table, Config config) throws Exception {
        long live = 0;
        for (long order = 0; order < Math.min(config.keys(), config.changes()); order++) {
            long lastVersion = (config.changes() - 1 - order) / config.keys();
            live += lastVersion % 10 == 9 ? 0 : 1;
        }
        try (Connection connection = DriverManager.getConnection(url);
             Statement statement = connection.createStatement()) {
            try (ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
                count.next();
                if (count.getLong(1) != live) {
                    throw new IllegalStateException("Table " + table + " has " + count.getLong(1) + " orders, not "
                            + live);
                }
            } finally {
                statement.execute("DROP TABLE " + table);
            }
        }
    }

    private static String row(String job, String engine, Config config, long messages, TimedJob run, String ratio) {
        double seconds = run.runNanos() / 1e9;
        double cpuSeconds = run.cpuNanos() / 1e9;
        return String.format(Locale.ROOT, "| %s | %s | %d | %,d | %.2f | %,.0f | %.2f | %,.0f | %s |", job, engine,
                config.parallelism(), messages, seconds, messages / seconds, cpuSeconds * 1e6 / messages,
                messages / cpuSeconds, ratio);
    }
}
