package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.planner.TableEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event-time query over one recorded input gives the same answer however the input is read: from a
 * file or from Kafka, all at once or while a producer is still writing it, at parallelism 1 and 2.
 * The input is out of order by less than the watermark's delay, so no row is late and the answer is the
 * batch answer. Watermarks follow the rows, not the wall clock: with a wall-clock tick a fast replay
 * would count late rows that a slow one drops.
 */
class EventTimeReplayTest {
    private static final int EVENTS = 600;
    private static final int DELAY_SECONDS = 5;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final String TUMBLE = "SELECT user_id, window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE "
            + "clicks, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY user_id, window_start, window_end";
    private static final String SESSION = "SELECT user_id, window_start, window_end, COUNT(*) AS n FROM TABLE("
            + "SESSION(TABLE clicks PARTITION BY user_id, DESCRIPTOR(ts), INTERVAL '4' SECOND)) "
            + "GROUP BY user_id, window_start, window_end";

    @TempDir
    static Path workDir;
    private static final List<Click> CLICKS = recorded();
    private static Path file;
    private static String topic;

    /** One click: its user, its time, and the partition it was recorded in (by user). */
    private record Click(int user, LocalDateTime ts) {
        String json() {
            return "{\"user_id\": " + user + ", \"ts\": \"" + TIME.format(ts) + "\"}";
        }

        int partition() {
            return user % 2;
        }
    }

    @BeforeAll
    static void record() throws Exception {
        file = Files.write(workDir.resolve("clicks.json"), CLICKS.stream().map(Click::json).toList());
        topic = KafkaTopics.create("replay", 2);
        try (KafkaProducer<byte[], byte[]> producer = KafkaTopics.producer()) {
            for (Click click : CLICKS) {
                send(producer, topic, click);
            }
        }
    }

    @Test
    void aTumblingWindowCountsEveryRowHoweverTheInputIsRead() throws Exception {
        List<String> batch = batchTumbleCounts();
        for (int parallelism : new int[] {1, 2}) {
            assertThat(run(TUMBLE, fileTable(), parallelism)).as("from the file at parallelism %d", parallelism)
                    .isEqualTo(batch);
            assertThat(run(TUMBLE, kafkaTable(topic), parallelism))
                    .as("from Kafka at parallelism %d", parallelism).isEqualTo(batch);
            assertThat(runWhileWriting(TUMBLE, parallelism)).as("from Kafka while written, at parallelism %d",
                    parallelism).isEqualTo(batch);
        }
    }

    @Test
    void sessionsAreTheSameHoweverTheInputIsRead() throws Exception {
        List<String> fromFile = run(SESSION, fileTable(), 1);
        assertThat(fromFile).hasSizeGreaterThan(CLICKS.size() / 20);
        assertThat(run(SESSION, fileTable(), 2)).isEqualTo(fromFile);
        assertThat(run(SESSION, kafkaTable(topic), 2)).isEqualTo(fromFile);
        assertThat(runWhileWriting(SESSION, 1)).isEqualTo(fromFile);
    }

    /** Clicks a second or so apart, each up to 3 seconds behind the newest: less than the delay of 5. */
    private static List<Click> recorded() {
        Random random = new Random(42);
        LocalDateTime start = LocalDateTime.of(2026, 1, 1, 0, 0);
        List<Click> clicks = new ArrayList<>();
        int clock = 0;
        for (int i = 0; i < EVENTS; i++) {
            clock += random.nextInt(3);
            int behind = random.nextInt(100) < 30 ? random.nextInt(4) : 0;
            clicks.add(new Click(1 + random.nextInt(5), start.plusSeconds(Math.max(0, clock - behind))));
        }
        return clicks;
    }

    /** The counts per user and 10-second window, computed from the whole input at once. */
    private static List<String> batchTumbleCounts() {
        TreeMap<String, Integer> counts = new TreeMap<>();
        for (Click click : CLICKS) {
            LocalDateTime windowStart = click.ts().withSecond(click.ts().getSecond() / 10 * 10);
            counts.merge("+I[" + click.user() + ", " + windowStart + ", ", 1, Integer::sum);
        }
        return counts.entrySet().stream().map(e -> e.getKey() + e.getValue() + "]").sorted().toList();
    }

    private static String fileTable() {
        return table("'connector' = 'filesystem', 'path' = '" + file + "', 'format' = 'json'");
    }

    private static String kafkaTable(String name) {
        return table("'connector' = 'kafka', 'topic' = '" + name + "', 'properties.bootstrap.servers' = '"
                + KafkaTopics.bootstrapServers() + "', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'specific-offsets', 'scan.bounded.specific-offsets' = 'partition:0,offset:"
                + CLICKS.stream().filter(c -> c.partition() == 0).count() + ";partition:1,offset:"
                + CLICKS.stream().filter(c -> c.partition() == 1).count() + "', 'format' = 'json'");
    }

    private static String table(String options) {
        return "CREATE TABLE clicks (user_id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '"
                + DELAY_SECONDS + "' SECOND) WITH (" + options + ")";
    }

    /** The query's changes, sorted: the order of rows one watermark fires is not defined. */
    private static List<String> run(String query, String table, int parallelism) {
        TableEnvironment env = TableEnvironment.create(Map.of("parallelism.default", String.valueOf(parallelism)));
        env.executeSql(table);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        env.executeSql(query).print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return Arrays.stream(bytes.toString(StandardCharsets.UTF_8).split("\n")).filter(line -> !line.isEmpty())
                .sorted().toList();
    }

    /** Runs the query on a new topic while a producer writes the clicks into it, a few at a time. */
    private static List<String> runWhileWriting(String query, int parallelism) throws Exception {
        String slow = KafkaTopics.create("replay-slow", 2);
        CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
            try (KafkaProducer<byte[], byte[]> producer = KafkaTopics.producer()) {
                for (int i = 0; i < CLICKS.size(); i++) {
                    send(producer, slow, CLICKS.get(i));
                    if (i % 20 == 0) {
                        Thread.sleep(50);
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException("writing the clicks failed", e);
            }
        });
        List<String> answer = run(query, kafkaTable(slow), parallelism);
        writing.get(60, TimeUnit.SECONDS);
        return answer;
    }

    private static void send(KafkaProducer<byte[], byte[]> producer, String name, Click click) throws Exception {
        producer.send(new ProducerRecord<>(name, click.partition(), null,
                click.json().getBytes(StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
    }
}
