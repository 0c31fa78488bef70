package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An endless Kafka job commits the offsets of its durable checkpoints to its consumer group, ends on
 * Ctrl-C with a last checkpoint and exit code 0, and a run restored from that checkpoint reads exactly the
 * messages that came after: none lost, none read twice.
 */
class KafkaCtrlCTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path workDir;

    @Test
    void ctrlCTakesALastCheckpointAndARestoreReadsOnFromIt() throws Exception {
        String input = KafkaTopics.create("ctrlc-in", 2);
        String output = KafkaTopics.create("ctrlc-out", 1);
        Path checkpoints = workDir.resolve("checkpoints");
        Path script = Files.writeString(workDir.resolve("job.sql"), """
                SET 'pipeline.name' = 'ctrlc';
                SET 'execution.checkpointing.interval' = '300 ms';
                SET 'execution.checkpointing.dir' = '%s';
                CREATE TABLE src (id INT) WITH ('connector' = 'kafka', 'topic' = '%s',
                  'properties.bootstrap.servers' = '%s', 'properties.group.id' = 'ctrlc-test',
                  'scan.startup.mode' = 'earliest-offset', 'format' = 'json');
                CREATE TABLE dst (id INT) WITH ('connector' = 'kafka', 'topic' = '%s',
                  'properties.bootstrap.servers' = '%3$s', 'format' = 'json');
                INSERT INTO dst SELECT id FROM src;
                """.formatted(checkpoints, input, KafkaTopics.bootstrapServers(), output));

        send(input, 1, 100);
        runUntilCopied(script, output, 100, input);
        Path lastCheckpoint = checkpoints.resolve("ctrlc");
        assertThat(lastCheckpoint).isDirectoryContaining(path -> path.getFileName().toString().startsWith("chk-"));

        send(input, 101, 150);
        runUntilCopied(script, output, 150, input, "--restore", lastCheckpoint.toString());

        List<String> copied = KafkaTopics.read(output);
        assertThat(copied).hasSize(150);
        assertThat(copied).containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 150)
                .mapToObj(id -> "null={\"id\":" + id + "}").toList());
    }

    /** The offsets group 'ctrlc-test' committed for {@code topic}, summed over its partitions. */
    private static long committedOffsets(String topic) throws Exception {
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(
                Map.of("bootstrap.servers", KafkaTopics.bootstrapServers()))) {
            return admin.listConsumerGroupOffsets("ctrlc-test").partitionsToOffsetAndMetadata().get()
                    .entrySet().stream().filter(entry -> entry.getKey().topic().equals(topic))
                    .mapToLong(entry -> entry.getValue().offset()).sum();
        }
    }

    private static void send(String topic, int from, int to) throws Exception {
        for (int partition = 0; partition < 2; partition++) {
            List<String> values = new ArrayList<>();
            for (int id = from; id <= to; id++) {
                if (id % 2 == partition) {
                    values.add("{\"id\": " + id + "}");
                }
            }
            KafkaTopics.send(topic, partition, null, values);
        }
    }

    /**
     * Runs the job until {@code topic} holds {@code count} messages and, a checkpoint later, the group's
     * committed offsets of {@code input} say so too; then presses Ctrl-C.
     */
    private void runUntilCopied(Path script, String topic, int count, String input, String... more) throws Exception {
        List<String> arguments = new ArrayList<>(List.of("run", script.toString()));
        arguments.addAll(List.of(more));
        try (SluiceProcess job = SluiceProcess.start(Map.of(), workDir, arguments.toArray(String[]::new))) {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (KafkaTopics.read(topic).size() < count || committedOffsets(input) < count) {
                assertThat(job.isAlive()).as("the endless job is running; stderr:%n%s", job.stderr()).isTrue();
                assertThat(System.nanoTime()).as("copied %d messages within %s", count, LIMIT).isLessThan(deadline);
                Thread.sleep(200);
            }
            job.interrupt();
            assertThat(job.awaitExit(LIMIT)).as("ended after Ctrl-C; stderr:%n%s", job.stderr()).isTrue();
            assertThat(job.exitCode()).as("exit code after Ctrl-C; stderr:%n%s", job.stderr()).isZero();
            assertThat(job.stderr()).contains("Ctrl-C: ending the input here").containsPattern("checkpoints [1-9]");
        }
    }
}
