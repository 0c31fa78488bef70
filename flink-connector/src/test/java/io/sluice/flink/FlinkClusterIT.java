package io.sluice.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice-jdbc} in a real Flink 2.3 session cluster: a JobManager and two TaskManagers as processes
 * of their own with the shaded jar in their class path (the driver on the TaskManagers' only), jobs
 * submitted from this process over REST. The seed's Q1 and Q2 end as their tables; an exactly-once job survives a
 * TaskManager killed with {@code kill -9} mid-job, restarted by Flink from its last checkpoint, with
 * every change applied once (a trigger on the table sees no repeat).
 */
class FlinkClusterIT {
    private static final int ROWS = 6_000;
    private static final int KEYS = 100;

    @TempDir
    static Path directory;
    private static FlinkCluster cluster;
    private SinkTables tables;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = new FlinkCluster(directory, List.of(System.getProperty("sluice.flink.jar")),
                List.of(classpathEntry("/org/postgresql/postgresql/")));
        cluster.start(2);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void dropTables() throws Exception {
        if (tables != null) {
            tables.dropAll();
        }
    }

    @Test
    void theSeedsQ1AndQ2EndAsTheirTables() throws Exception {
        StreamTableEnvironment flink = remote(new Configuration());
        flink.executeSql("CREATE TEMPORARY VIEW words AS SELECT word FROM (VALUES ('a'), ('a'), ('b'), ('a'), ('c'), "
                + "('b')) AS t(word)");
        String counts = tables().newTable("word_counts");
        String histogram = tables().newTable("cnt_hist");
        flink.executeSql(tables().ddl("word_counts", "word STRING, cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED", counts));
        flink.executeSql(tables().ddl("cnt_hist", "cnt BIGINT, num_words BIGINT, PRIMARY KEY (cnt) NOT ENFORCED",
                histogram));
        StatementSet statements = flink.createStatementSet();
        statements.addInsertSql("INSERT INTO word_counts SELECT word, COUNT(*) AS cnt FROM words GROUP BY word");
        statements.addInsertSql("INSERT INTO cnt_hist SELECT cnt, COUNT(*) AS num_words FROM (SELECT word, COUNT(*) "
                + "AS cnt FROM words GROUP BY word) GROUP BY cnt");

        statements.execute().await(3, TimeUnit.MINUTES);

        assertThat(tables().rows("SELECT word, cnt FROM " + counts + " ORDER BY word"))
                .containsExactly("[a, 3]", "[b, 2]", "[c, 1]");
        assertThat(tables().rows("SELECT cnt, num_words FROM " + histogram + " ORDER BY cnt"))
                .containsExactly("[1, 1]", "[2, 1]", "[3, 1]");
    }

    @Test
    void exactlyOnceAppliesEachChangeOnceWhenATaskManagerIsKilled() throws Exception {
        String table = tables().newTable("audited");
        AuditedTable audited = new AuditedTable(database(), table, tables().newTable("audit"));
        audited.create();
        try {
            Configuration configuration = new Configuration();
            configuration.setString("execution.checkpointing.interval", "500 ms");
            configuration.setString("restart-strategy.type", "fixed-delay");
            configuration.setString("restart-strategy.fixed-delay.attempts", "20");
            configuration.setString("restart-strategy.fixed-delay.delay", "1 s");
            StreamTableEnvironment flink = remote(configuration);
            flink.executeSql("CREATE TABLE numbers (n BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '400', "
                    + "'fields.n.kind' = 'sequence', 'fields.n.start' = '1', 'fields.n.end' = '" + ROWS + "')");
            flink.executeSql(tables().ddl("target", UpsertChangelog.COLUMNS, table, "sink.delivery-guarantee",
                    "exactly-once", "sink.progress-table", tables().newTable("progress")));

            TableResult job = flink.executeSql("INSERT INTO target SELECT MOD(n, " + KEYS + ") AS id, "
                    + "CONCAT('k', CAST(MOD(n, " + KEYS + ") AS STRING)), CAST(COUNT(*) AS DECIMAL(12, 2)), "
                    + "CAST(NULL AS TIMESTAMP(3)), MAX(n) FROM numbers GROUP BY MOD(n, " + KEYS + ")");
            awaitCommittedRows(table);
            cluster.killTaskManager(0);
            job.await(5, TimeUnit.MINUTES);

            List<String> expected = new ArrayList<>();
            for (long id = 0; id < KEYS; id++) {
                long version = id == 0 ? ROWS : ROWS - KEYS + id;
                expected.add("[" + id + ", k" + id + ", " + (ROWS / KEYS) + ".00, " + version + "]");
            }
            assertThat(tables().rows("SELECT id, name, amount, version FROM " + table + " ORDER BY id"))
                    .containsExactlyElementsOf(expected);
            assertThat(audited.entries()).as("changes the trigger saw").doesNotHaveDuplicates();
            String details = cluster.rest("/jobs/" + job.getJobClient().orElseThrow().getJobID());
            // The job's last time in each state: a restart leaves a RESTARTING time, 0 means never.
            Matcher restarting = Pattern.compile("\"RESTARTING\":(\\d+)").matcher(details);
            assertThat(restarting.find()).as("the job's details: %s", details).isTrue();
            assertThat(Long.parseLong(restarting.group(1))).as("Flink restarted the job").isPositive();
        } finally {
            audited.dropFunction();
        }
    }

    /** Waits until a checkpoint's rows are in the table: the kill then comes mid-job, after a commit. */
    private void awaitCommittedRows(String table) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (!tables().rows("SELECT id FROM " + table + " LIMIT 1").isEmpty()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("No row committed within 2 minutes:\n" + cluster.logs());
    }

    private static StreamTableEnvironment remote(Configuration configuration) {
        configuration.setString("parallelism.default", String.valueOf(FlinkCluster.SLOTS_PER_TASK_MANAGER));
        StreamExecutionEnvironment streams = StreamExecutionEnvironment.createRemoteEnvironment("localhost",
                cluster.restPort(), configuration);
        return StreamTableEnvironment.create(streams, EnvironmentSettings.newInstance().inStreamingMode()
                .withConfiguration(configuration).build());
    }

    private static String classpathEntry(String fragment) {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Stream.of(classpath.split(File.pathSeparator)).filter(entry -> entry.contains(fragment)).findFirst()
                .orElseThrow(() -> new IllegalStateException("No " + fragment + " on the test class path"));
    }

    private static TestDatabase database() {
        return TestDatabases.get(TestDatabase.Kind.POSTGRES);
    }

    private SinkTables tables() {
        if (tables == null) {
            tables = new SinkTables(database());
        }
        return tables;
    }
}
