package io.sluice.bench.kafka;

import io.sluice.bench.runtime.TimedJob;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

/**
 * The benchmark's jobs on Apache Flink in this JVM (a local mini-cluster), with Flink's own Kafka SQL
 * connector, json and debezium-json formats and jdbc connector, for the side-by-side figures.
 */
final class FlinkJobs {
    private FlinkJobs() {
    }

    /** Runs {@code statements} (the last one an INSERT) and times the INSERT until its bounded job ends. */
    static TimedJob run(List<String> statements, int parallelism) throws Exception {
        Configuration configuration = new Configuration();
        configuration.setString("parallelism.default", Integer.toString(parallelism));
        TableEnvironment environment = TableEnvironment.create(EnvironmentSettings.newInstance().inStreamingMode()
                .withConfiguration(configuration).build());
        statements.subList(0, statements.size() - 1).forEach(environment::executeSql);
        String insert = statements.get(statements.size() - 1);
        return TimedJob.measure(() -> environment.executeSql(insert).await());
    }

    static List<String> pageViewJob(String servers, String topic) {
        return List.of("""
                CREATE TABLE page_views (user_id BIGINT, page STRING, ms INT, ts TIMESTAMP(3)) WITH (
                  'connector' = 'kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '%s', 'format' = 'json',
                  'properties.group.id' = 'flink-bench', 'scan.startup.mode' = 'earliest-offset',
                  'scan.bounded.mode' = 'latest-offset')
                """.formatted(topic, servers), """
                CREATE TABLE per_page (page STRING, view_count BIGINT, total_ms BIGINT) WITH ('connector' = 'blackhole')
                """, "INSERT INTO per_page SELECT page, COUNT(*), SUM(ms) FROM page_views GROUP BY page");
    }

    static List<String> orderCopyJob(String servers, String topic, String url, String table) {
        return List.of("""
                CREATE TABLE orders (id BIGINT, store INT, amount DECIMAL(10, 2), PRIMARY KEY (id) NOT ENFORCED)
                WITH ('connector' = 'kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '%s',
                  'properties.group.id' = 'flink-bench', 'format' = 'debezium-json',
                  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')
                """.formatted(topic, servers), """
                CREATE TABLE orders_copy (id BIGINT, store INT, amount DECIMAL(10, 2), PRIMARY KEY (id) NOT ENFORCED)
                WITH ('connector' = 'jdbc', 'url' = '%s', 'table-name' = '%s', 'sink.buffer-flush.max-rows' = '5000')
                """.formatted(url, table), "INSERT INTO orders_copy SELECT id, store, amount FROM orders");
    }
}
