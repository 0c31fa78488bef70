package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An endless job finds the partitions added to its topic while it runs and reads each of them once, from
 * its first message, whichever subtask it falls to.
 */
class KafkaPartitionDiscoveryTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path workDir;

    @Test
    void partitionsAddedWhileTheJobRunsAreRead() throws Exception {
        String input = KafkaTopics.create("grow-in", 1);
        String output = KafkaTopics.create("grow-out", 1);
        KafkaTopics.send(input, 0, null, List.of("{\"id\": 1}", "{\"id\": 2}"));
        Path script = Files.writeString(workDir.resolve("job.sql"), """
                SET 'parallelism.default' = '2';
                CREATE TABLE src (id INT) WITH ('connector' = 'kafka', 'topic' = '%s',
                  'properties.bootstrap.servers' = '%s', 'scan.startup.mode' = 'earliest-offset', 'format' = 'json',
                  'scan.topic-partition-discovery.interval' = '300 ms');
                CREATE TABLE dst (id INT) WITH ('connector' = 'kafka', 'topic' = '%s',
                  'properties.bootstrap.servers' = '%2$s', 'format' = 'json');
                INSERT INTO dst SELECT id FROM src;
                """.formatted(input, KafkaTopics.bootstrapServers(), output));
        try (SluiceProcess job = SluiceProcess.start(Map.of(), workDir, "run", script.toString())) {
            awaitCopied(job, output, 2);
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", KafkaTopics.bootstrapServers()))) {
                admin.createPartitions(Map.of(input, NewPartitions.increaseTo(4))).all().get();
            }
            for (int partition = 1; partition < 4; partition++) {
                KafkaTopics.send(input, partition, null, List.of("{\"id\": " + (10 * partition) + "}",
                        "{\"id\": " + (10 * partition + 1) + "}"));
            }
            awaitCopied(job, output, 8);
            assertThat(job.stderr()).contains("found new partitions");
            job.interrupt();
            assertThat(job.awaitExit(LIMIT)).as("ended after Ctrl-C; stderr:%n%s", job.stderr()).isTrue();
        }
        assertThat(KafkaTopics.read(output)).containsExactlyInAnyOrder("null={\"id\":1}", "null={\"id\":2}",
                "null={\"id\":10}", "null={\"id\":11}", "null={\"id\":20}", "null={\"id\":21}",
                "null={\"id\":30}", "null={\"id\":31}");
    }

    private static void awaitCopied(SluiceProcess job, String topic, int count) throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (KafkaTopics.read(topic).size() < count) {
            assertThat(job.isAlive()).as("the endless job is running; stderr:%n%s", job.stderr()).isTrue();
            assertThat(System.nanoTime()).as("%d messages copied within %s; stderr:%n%s", count, LIMIT, job.stderr())
                    .isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
