package io.sluice.flink;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.Row;

/**
 * The same Flink job, once per sink configuration: an upsert changelog ({@link UpsertChangelog}, by
 * default 1,000,000 changes over 100,000 keys) into one PostgreSQL table, through {@code sluice-jdbc}
 * and through Flink's own {@code jdbc} connector at several {@code sink.buffer-flush.max-rows}.
 * Each run starts from an empty table, and its final table is checked against the changelog before
 * its time counts ({@code -Druns=...} picks the runs). Prints one Markdown table row per run on stdout. Not part of the build; run as
 * docs/benchmarks.md says.
 *
 * <p>Arguments (all optional): {@code url user password changes keys}.
 */
public final class SinkBenchmark {
    /**
     * {@code connector:max-rows} runs in order; {@code blackhole} measures the job without a database,
     * the time every other run spends before its sink.
     */
    private static final String DEFAULT_RUNS = "blackhole,sluice-jdbc:100,sluice-jdbc:5000,"
            + "jdbc:100,jdbc:1000,jdbc:5000,jdbc:20000";

    private final String url;
    private final String user;
    private final String password;
    private final int changes;
    private final UpsertChangelog changelog;
    private final String table = "flink_sink_bench";

    private SinkBenchmark(String[] args) {
        this.url = args.length > 0 ? args[0] : "jdbc:postgresql://127.0.0.1:5432/test";
        this.user = args.length > 1 ? args[1] : "postgres";
        this.password = args.length > 2 ? args[2] : "";
        this.changes = args.length > 3 ? Integer.parseInt(args[3]) : 1_000_000;
        this.changelog = new UpsertChangelog(args.length > 4 ? Integer.parseInt(args[4]) : 100_000);
    }

    public static void main(String[] args) throws Exception {
        SinkBenchmark benchmark = new SinkBenchmark(args);
        List<String> expected = new ArrayList<>(benchmark.changelog.finalRows(benchmark.changes).values());
        System.out.println("| connector | max-rows | seconds | changes/s |");
        System.out.println("|---|---:|---:|---:|");
        for (String run : System.getProperty("runs", DEFAULT_RUNS).split(",")) {
            String[] parts = run.split(":");
            benchmark.run(parts[0], parts.length > 1 ? parts[1] : "", expected);
        }
    }

    private void run(String connector, String maxRows, List<String> expected) throws Exception {
        recreateTable();
        StreamExecutionEnvironment streams = StreamExecutionEnvironment.getExecutionEnvironment(configuration());
        StreamTableEnvironment flink = StreamTableEnvironment.create(streams,
                EnvironmentSettings.newInstance().inStreamingMode().withConfiguration(configuration()).build());
        GeneratorFunction<Long, Row> generator = changelog::change;
        DataStream<Row> stream = streams.fromSource(new DataGeneratorSource<>(generator, changes,
                RateLimiterStrategy.noOp(), UpsertChangelog.TYPE), WatermarkStrategy.noWatermarks(), "changelog");
        // The stream never carries -U, so 'all' lets +U and -D go to the sink without a normalizing operator.
        flink.createTemporaryView("changes", flink.fromChangelogStream(stream, UpsertChangelog.SCHEMA,
                ChangelogMode.all()));
        flink.executeSql("CREATE TABLE target (" + UpsertChangelog.COLUMNS + ") WITH ('connector' = '" + connector
                + "'" + (connector.equals("blackhole") ? "" : ", 'url' = '" + url + "', 'table-name' = '" + table
                + "', 'username' = '" + user + "', 'password' = '" + password
                + "', 'sink.buffer-flush.max-rows' = '" + maxRows + "'") + ")");
        long start = System.nanoTime();
        flink.executeSql("INSERT INTO target SELECT * FROM changes").await();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!connector.equals("blackhole")) {
            verify(connector, expected);
        }
        System.out.printf("| %s | %s | %.1f | %,.0f |%n", connector, maxRows, seconds, changes / seconds);
    }

    private static Configuration configuration() {
        Configuration configuration = new Configuration();
        configuration.setString("parallelism.default", "1");
        return configuration;
    }

    private void recreateTable() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
            statement.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, name VARCHAR(64), "
                    + "amount DECIMAL(12, 2), ts TIMESTAMP(3), version BIGINT)");
        }
    }

    private void verify(String connector, List<String> expected) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT id, name, amount, version FROM " + table + " ORDER BY id")) {
            Iterator<String> wanted = expected.iterator();
            int count = 0;
            while (rows.next()) {
                String row = "[" + rows.getLong(1) + ", " + rows.getString(2) + ", " + rows.getString(3) + ", "
                        + rows.getLong(4) + "]";
                if (!wanted.hasNext() || !row.equals(wanted.next())) {
                    throw new IllegalStateException(connector + ": final table differs from the changelog at row "
                            + count + ": " + row);
                }
                count++;
            }
            if (wanted.hasNext()) {
                throw new IllegalStateException(connector + ": final table has " + count + " rows, expected "
                        + expected.size());
            }
        }
    }
}
