package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source subtask whose partitions all went quiet stops holding back the watermark of the operators
 * after the exchange: an endless job's windows fire from the busy partition's events alone, while it
 * runs, not only when the input ends.
 */
class KafkaIdleSubtaskTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path workDir;

    @Test
    void windowsFireWhileOneSubtaskIsIdle() throws Exception {
        String input = KafkaTopics.create("idle-in", 2);
        String output = KafkaTopics.create("idle-out", 1);
        KafkaTopics.send(input, 0, null, List.of(event(0), event(5), event(10), event(15), event(25)));
        KafkaTopics.send(input, 1, null, List.of(event(1)));
        Path script = Files.writeString(workDir.resolve("job.sql"), """
                SET 'parallelism.default' = '2';
                SET 'table.exec.source.idle-timeout' = '500 ms';
                CREATE TABLE src (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka',
                  'topic' = '%s', 'properties.bootstrap.servers' = '%s', 'scan.startup.mode' = 'earliest-offset',
                  'format' = 'json');
                CREATE TABLE dst (window_start TIMESTAMP(3), n BIGINT) WITH ('connector' = 'kafka',
                  'topic' = '%s', 'properties.bootstrap.servers' = '%2$s', 'format' = 'json');
                INSERT INTO dst SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE src, DESCRIPTOR(ts),
                  INTERVAL '10' SECOND)) GROUP BY window_start, window_end;
                """.formatted(input, KafkaTopics.bootstrapServers(), output));
        try (SluiceProcess job = SluiceProcess.start(Map.of(), workDir, "run", script.toString())) {
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (KafkaTopics.read(output).size() < 2) {
                assertThat(job.isAlive()).as("the endless job is running; stderr:%n%s", job.stderr()).isTrue();
                assertThat(System.nanoTime()).as("two windows fired within %s while partition 1 is quiet; "
                        + "stderr:%n%s", LIMIT, job.stderr()).isLessThan(deadline);
                Thread.sleep(200);
            }
            job.interrupt();
            assertThat(job.awaitExit(LIMIT)).as("ended after Ctrl-C; stderr:%n%s", job.stderr()).isTrue();
        }
        assertThat(KafkaTopics.read(output)).startsWith("null={\"window_start\":\"2026-01-01 00:00:00\",\"n\":3}",
                "null={\"window_start\":\"2026-01-01 00:00:10\",\"n\":2}");
    }

    private static String event(int second) {
        return "{\"ts\": \"2026-01-01 00:00:%02d\"}".formatted(second);
    }
}
