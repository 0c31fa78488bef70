package io.sluice.it.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.it.KafkaTopics;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9's test: a job writing two audited tables is killed (SIGKILL) at random moments and restored
 * each time. In exactly-once mode a reader never sees a key's value go back, and the audit table gets
 * each committed change once; in at-least-once mode the same kills show the repeats it prevents.
 *
 * <p>The job: ids 1..N from a sequence, {@code k = id % KEYS}; one table gets {@code MAX(id)} per key,
 * the other {@code COUNT(*)}: values that only grow, so "older" is checkable. {@code
 * -Dsluice.exactlyonce.kills=N} sets the kills per database (default {@value #DEFAULT_KILLS}); they are
 * spread over rounds of {@value #KILLS_PER_ROUND}, each a fresh job.
 */
@ExtendWith(TestDatabases.class)
abstract class KillAndRestoreDeliverySuite {
    private static final int DEFAULT_KILLS = 5;
    private static final int COMPARISON_KILLS = 3;
    private static final int KILLS_PER_ROUND = 10;
    private static final int KEYS = 40;
    private static final int ROWS_PER_SECOND = 2_000;
    private static final long MAX_KILL_DELAY_MILLIS = 400;

    private static String jobClasspath;

    private final TestDatabase database;

    @TempDir
    Path workDir;

    @BeforeAll
    static void snapshotClasspath(@TempDir Path directory) {
        jobClasspath = ClasspathSnapshot.copy(System.getProperty("java.class.path"), directory);
    }

    KillAndRestoreDeliverySuite(TestDatabase database) {
        this.database = database;
    }

    @Test
    void exactlyOnceNeverShowsAnOlderValueAndAuditsEachChangeOnce() throws Exception {
        exactlyOnceUnderKills(Input.DATAGEN);
    }

    /** The same job reading the ids from a Kafka topic that a producer fills while the job is killed and restored. */
    @Test
    void exactlyOnceFromAKafkaTopic() throws Exception {
        exactlyOnceUnderKills(Input.KAFKA);
    }

    private void exactlyOnceUnderKills(Input input) throws Exception {
        int kills = Integer.getInteger("sluice.exactlyonce.kills", DEFAULT_KILLS);
        for (int round = 0; kills > 0; round++) {
            int roundKills = Math.min(kills, KILLS_PER_ROUND);
            Outcome outcome = killAndRestore("exactly-once", roundKills, round, input);
            assertThat(outcome.stepsBack()).as("values a reader saw go back").isEmpty();
            assertThat(outcome.repeats()).as("changes the audit table got again").isEmpty();
            kills -= roundKills;
        }
    }

    /** The comparison of docs/jdbc-sink.md: the same kills without exactly-once; repeats are reported, not failed. */
    @Test
    void atLeastOnceUnderTheSameKillsConvergesButRepeats() throws Exception {
        Outcome outcome = killAndRestore("at-least-once", COMPARISON_KILLS, 0, Input.DATAGEN);
        System.err.printf("%s at-least-once, %d kills: %d audited changes repeated, %d values seen going back "
                        + "(%d samples)%n", database.kind(), COMPARISON_KILLS, outcome.repeats().size(),
                outcome.stepsBack().size(), outcome.samples());
    }

    /** One round: creates the tables, runs the job with {@code kills} kills, checks the final tables. */
    private Outcome killAndRestore(String guarantee, int kills, int round, Input input) throws Exception {
        String suffix = TestDatabase.uniqueName("eo").substring(2);
        String maxTable = "eo_max" + suffix;
        String countTable = "eo_cnt" + suffix;
        String progress = "eo_progress" + suffix;
        AuditedTables tables = new AuditedTables(database, "eo_audit" + suffix, List.of(maxTable, countTable));
        tables.create();
        try {
            int rows = (int) (ROWS_PER_SECOND * (kills * (MAX_KILL_DELAY_MILLIS + 200) / 1000.0 + 1));
            Path directory = Files.createDirectories(workDir.resolve(guarantee + "-" + round));
            String jobName = "eo" + suffix;
            Path checkpoints = directory.resolve("checkpoints");
            try (IdSource source = input == Input.KAFKA ? new KafkaIds(rows, ROWS_PER_SECOND)
                    : new GeneratedIds(rows, ROWS_PER_SECOND)) {
                Path script = Files.writeString(directory.resolve("job.sql"), script(guarantee, source.tableOptions(),
                        maxTable, countTable, progress, checkpoints, jobName), StandardCharsets.UTF_8);
                KilledJob job = new KilledJob(jobClasspath, script, checkpoints.resolve(jobName), directory, Map.of(),
                        ThreadLocalRandom.current().nextLong());
                return run(job, kills, tables, maxTable, countTable, rows);
            }
        } finally {
            tables.drop(progress);
        }
    }

    private Outcome run(KilledJob job, int kills, AuditedTables tables, String maxTable, String countTable, int rows)
            throws Exception {
        Outcome outcome;
        try (TableSampler sampler = new TableSampler(database, List.of(maxTable, countTable))) {
            job.run(kills, MAX_KILL_DELAY_MILLIS);
            sampler.close();
            outcome = new Outcome(sampler.stepsBack(), new AuditCheck(tables.changes()).repeats(), sampler.samples());
        }
        assertFinalTables(maxTable, countTable, rows, new AuditCheck(tables.changes()));
        return outcome;
    }

    private void assertFinalTables(String maxTable, String countTable, int rows, AuditCheck audit) throws Exception {
        Map<Integer, Long> max = new HashMap<>();
        Map<Integer, Long> count = new HashMap<>();
        for (long id = 1; id <= rows; id++) {
            max.put((int) (id % KEYS), id);
            count.merge((int) (id % KEYS), 1L, Long::sum);
        }
        try (Connection connection = database.open()) {
            assertThat(AuditedTables.read(connection, maxTable)).isEqualTo(max);
            assertThat(AuditedTables.read(connection, countTable)).isEqualTo(count);
        }
        assertThat(audit.lastValues(maxTable)).as("the audit ends with the final values").isEqualTo(max);
        assertThat(audit.lastValues(countTable)).isEqualTo(count);
    }

    private String script(String guarantee, String sourceOptions, String maxTable, String countTable,
                          String progress, Path checkpoints, String jobName) {
        String options = "'connector' = 'jdbc', 'url' = '" + database.jdbcUrl() + "'"
                + (database.user() == null ? "" : ", 'username' = '" + database.user() + "'")
                + (database.password() == null || database.password().isEmpty() ? ""
                        : ", 'password' = '" + database.password() + "'")
                + ", 'sink.delivery-guarantee' = '" + guarantee + "', 'sink.progress-table' = '" + progress + "'"
                + ", 'sink.buffer-flush.max-rows' = '20', 'sink.buffer-flush.interval' = '50ms'";
        return """
                SET 'parallelism.default' = '2';
                SET 'pipeline.name' = '%s';
                SET 'execution.checkpointing.interval' = '100ms';
                SET 'execution.checkpointing.dir' = '%s';
                CREATE TABLE gen (id BIGINT) WITH (%s);
                CREATE TABLE max_per_key (k INT, val BIGINT, PRIMARY KEY (k) NOT ENFORCED)
                  WITH (%s, 'table-name' = '%s');
                CREATE TABLE count_per_key (k INT, val BIGINT, PRIMARY KEY (k) NOT ENFORCED)
                  WITH (%s, 'table-name' = '%s');
                EXECUTE STATEMENT SET BEGIN
                INSERT INTO max_per_key SELECT k, MAX(id) FROM (SELECT CAST(MOD(id, %d) AS INT) AS k, id FROM gen)
                  GROUP BY k;
                INSERT INTO count_per_key SELECT k, COUNT(*) FROM (SELECT CAST(MOD(id, %d) AS INT) AS k, id FROM gen)
                  GROUP BY k;
                END;
                """.formatted(jobName, checkpoints, sourceOptions, options, maxTable, options, countTable, KEYS, KEYS);
    }

    /** Where the job's ids come from. */
    enum Input { DATAGEN, KAFKA }

    /** The ids 1..rows at a steady rate, as the options of the job's source table. */
    interface IdSource extends AutoCloseable {
        String tableOptions();
    }

    /** A datagen sequence paced by the job itself. */
    record GeneratedIds(int rows, int rowsPerSecond) implements IdSource {
        @Override
        public String tableOptions() {
            return "'connector' = 'datagen', 'rows-per-second' = '" + rowsPerSecond + "', 'fields.id.kind' = "
                    + "'sequence', 'fields.id.start' = '1', 'fields.id.end' = '" + rows + "'";
        }

        @Override
        public void close() {
        }
    }

    /**
     * A topic of {@value KafkaIds#PARTITIONS} partitions that a producer thread fills with {@code {"id": n}}
     * at the given rate while the job runs; the job stops at the offsets the last id leaves behind.
     */
    static final class KafkaIds implements IdSource {
        static final int PARTITIONS = 4;
        private final String topic;
        private final long[] ends = new long[PARTITIONS];
        private final Thread producer;
        private volatile Exception failure;

        KafkaIds(int rows, int rowsPerSecond) throws Exception {
            topic = KafkaTopics.create("eo-ids", PARTITIONS);
            for (int id = 1; id <= rows; id++) {
                ends[id % PARTITIONS]++;
            }
            producer = new Thread(() -> produce(rows, rowsPerSecond), "kafka-ids");
            producer.start();
        }

        private void produce(int rows, int rowsPerSecond) {
            long start = System.nanoTime();
            try (KafkaProducer<byte[], byte[]> kafka = KafkaTopics.producer()) {
                for (int id = 1; id <= rows; id++) {
                    long wait = start + id * 1_000_000_000L / rowsPerSecond - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                    kafka.send(new ProducerRecord<>(topic, id % PARTITIONS, null,
                            ("{\"id\": " + id + "}").getBytes(StandardCharsets.UTF_8)), (metadata, error) -> {
                                if (error != null && failure == null) {
                                    failure = error;
                                }
                            });
                }
                kafka.flush();
            } catch (Exception e) {
                failure = e;
            }
        }

        @Override
        public String tableOptions() {
            StringBuilder offsets = new StringBuilder();
            for (int partition = 0; partition < PARTITIONS; partition++) {
                offsets.append(partition == 0 ? "" : ";").append("partition:").append(partition).append(",offset:")
                        .append(ends[partition]);
            }
            return "'connector' = 'kafka', 'topic' = '" + topic + "', 'properties.bootstrap.servers' = '"
                    + KafkaTopics.bootstrapServers() + "', 'format' = 'json', 'scan.startup.mode' = 'earliest-offset', "
                    + "'scan.bounded.mode' = 'specific-offsets', 'scan.bounded.specific-offsets' = '" + offsets + "'";
        }

        @Override
        public void close() throws Exception {
            producer.join();
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** What a round showed. */
    record Outcome(List<String> stepsBack, List<String> repeats, long samples) {
    }
}
