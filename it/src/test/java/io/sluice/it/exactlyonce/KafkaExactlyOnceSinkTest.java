package io.sluice.it.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.it.KafkaTopics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job writing the ids 1..N into a Kafka topic is killed (SIGKILL) at random moments and restored each
 * time. With 'sink.delivery-guarantee' = 'exactly-once' a read_committed consumer finds every id once;
 * at-least-once, under the same kills, shows the repeats it prevents. {@code -Dsluice.exactlyonce.kills=N}
 * sets the kills (default {@value #DEFAULT_KILLS}).
 */
class KafkaExactlyOnceSinkTest {
    private static final int DEFAULT_KILLS = 5;
    private static final int ROWS_PER_SECOND = 2_000;
    private static final long MAX_KILL_DELAY_MILLIS = 400;
    private static final int PARTITIONS = 4;

    private static String jobClasspath;

    @TempDir
    Path workDir;

    @BeforeAll
    static void snapshotClasspath(@TempDir Path directory) {
        jobClasspath = ClasspathSnapshot.copy(System.getProperty("java.class.path"), directory);
    }

    @Test
    void everyIdReachesTheTopicOnceThroughKillsAndRestores() throws Exception {
        int kills = Integer.getInteger("sluice.exactlyonce.kills", DEFAULT_KILLS);
        int rows = (int) (ROWS_PER_SECOND * (kills * (MAX_KILL_DELAY_MILLIS + 200) / 1000.0 + 1));
        Map<Long, Integer> seen = runWithKills("exactly-once", kills, rows);
        assertThat(seen.keySet()).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, rows).boxed().toList());
        assertThat(seen.entrySet().stream().filter(id -> id.getValue() > 1).map(Map.Entry::getKey).toList())
                .as("ids the topic holds more than once").isEmpty();
    }

    /** The comparison in docs/connectors.md: the same kills without transactions; repeats are reported, not failed. */
    @Test
    void atLeastOnceUnderTheSameKillsRepeats() throws Exception {
        int rows = (int) (ROWS_PER_SECOND * (3 * (MAX_KILL_DELAY_MILLIS + 200) / 1000.0 + 1));
        Map<Long, Integer> seen = runWithKills("at-least-once", 3, rows);
        assertThat(seen).hasSize(rows);
        System.err.printf("kafka at-least-once, 3 kills: %d of %d ids repeated%n",
                seen.values().stream().filter(count -> count > 1).count(), rows);
    }

    private Map<Long, Integer> runWithKills(String guarantee, int kills, int rows) throws Exception {
        String topic = KafkaTopics.create("eo-sink", PARTITIONS);
        Path directory = Files.createDirectories(workDir.resolve(guarantee));
        String jobName = "eo-sink-" + topic.substring(topic.lastIndexOf('-') + 1);
        Path checkpoints = directory.resolve("checkpoints");
        Path script = Files.writeString(directory.resolve("job.sql"), """
                SET 'parallelism.default' = '2';
                SET 'pipeline.name' = '%s';
                SET 'execution.checkpointing.interval' = '100ms';
                SET 'execution.checkpointing.dir' = '%s';
                CREATE TABLE gen (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '%d',
                  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%d');
                CREATE TABLE ids (id BIGINT) WITH ('connector' = 'kafka', 'topic' = '%s',
                  'properties.bootstrap.servers' = '%s', 'format' = 'json', 'sink.delivery-guarantee' = '%s',
                  'sink.transactional-id-prefix' = '%s');
                INSERT INTO ids SELECT id FROM gen;
                """.formatted(jobName, checkpoints, ROWS_PER_SECOND, rows, topic, KafkaTopics.bootstrapServers(),
                guarantee, jobName), StandardCharsets.UTF_8);
        new KilledJob(jobClasspath, script, checkpoints.resolve(jobName), directory, Map.of(),
                ThreadLocalRandom.current().nextLong()).run(kills, MAX_KILL_DELAY_MILLIS);
        Map<Long, Integer> seen = new HashMap<>();
        List<String> messages = KafkaTopics.readCommitted(topic);
        for (String message : messages) {
            String value = message.substring(message.indexOf('=') + 1);
            long id = Long.parseLong(value.replaceAll("[^0-9]", ""));
            seen.merge(id, 1, Integer::sum);
        }
        return seen;
    }
}
