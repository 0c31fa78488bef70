package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kafka} and {@code upsert-kafka} connectors against a real broker: what a job writes is
 * what another client reads, and the other way round; bad messages and missing topics or brokers give
 * errors that say where.
 */
class KafkaConnectorTest {
    @TempDir
    Path workDir;

    private CliRun run(String script) throws IOException {
        Path file = Files.writeString(workDir.resolve("script-" + System.nanoTime() + ".sql"), script);
        return SluiceCli.run(KafkaTopics.scriptEnvironment(), "run", file.toString());
    }

    private static String kafka(String topic, String more) {
        return "'connector' = 'kafka', 'topic' = '" + topic + "', 'properties.bootstrap.servers' = '${KAFKA}'"
                + (more.isEmpty() ? "" : ", " + more);
    }

    private static List<String> lines(String stdout) {
        return Arrays.stream(stdout.split("\n")).filter(line -> !line.isBlank()).toList();
    }

    @Test
    void aJobWritesJsonThatAnotherJobReadsBackAsAChangelog() throws Exception {
        String topic = KafkaTopics.create("words", 3);
        run("""
                CREATE TABLE src (word STRING, n INT) WITH ('connector' = 'values', 'rows' = '+I[apple, 1]
                +I[pear, 2]
                +I[apple, 3]');
                CREATE TABLE words (word STRING, n INT) WITH (%s);
                INSERT INTO words SELECT word, n FROM src;
                """.formatted(kafka(topic, "'format' = 'json', 'sink.partitioner' = 'fixed'"))).assertSucceeded();
        assertThat(KafkaTopics.read(topic)).containsExactly("null={\"word\":\"apple\",\"n\":1}",
                "null={\"word\":\"pear\",\"n\":2}", "null={\"word\":\"apple\",\"n\":3}");

        CliRun read = run("""
                CREATE TABLE words (word STRING, n INT) WITH (%s);
                SELECT word, SUM(n) AS total FROM words GROUP BY word;
                """.formatted(kafka(topic, "'format' = 'json', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'latest-offset'"))).assertSucceeded();
        assertThat(lines(read.stdout())).containsExactly("+I[apple, 1]", "+I[pear, 2]", "-U[apple, 1]", "+U[apple, 4]");
    }

    @Test
    void partitionsAreSpreadOverTheSubtasksAndEachIsReadOnce() throws Exception {
        String topic = KafkaTopics.create("spread", 4);
        for (int partition = 0; partition < 4; partition++) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                values.add("{\"p\": " + partition + ", \"i\": " + i + "}");
            }
            KafkaTopics.send(topic, partition, null, values);
        }
        CliRun read = run("""
                SET 'parallelism.default' = '3';
                CREATE TABLE t (p INT, i INT) WITH (%s);
                SELECT COUNT(*) AS n, COUNT(DISTINCT p * 100 + i) AS distinct_rows, SUM(i) AS total FROM t;
                """.formatted(kafka(topic, "'format' = 'json', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'latest-offset'"))).assertSucceeded();
        assertThat(lines(read.stdout()).get(lines(read.stdout()).size() - 1)).isEqualTo("+U[100, 100, 1200]");
    }

    @Test
    void keyFieldsGoToTheKeyAndTheValueMayLeaveThemOut() throws Exception {
        String topic = KafkaTopics.create("keyed", 1);
        run("""
                CREATE TABLE src (id BIGINT, name STRING) WITH ('connector' = 'values', 'rows' = '+I[1, ann]
                +I[2, bob]');
                CREATE TABLE people (id BIGINT, name STRING) WITH (%s);
                INSERT INTO people SELECT * FROM src;
                """.formatted(kafka(topic, "'key.format' = 'json', 'key.fields' = 'id', 'value.format' = 'csv', "
                + "'value.fields-include' = 'EXCEPT_KEY'"))).assertSucceeded();
        assertThat(KafkaTopics.read(topic)).containsExactly("{\"id\":1}=ann", "{\"id\":2}=bob");

        CliRun read = run("""
                CREATE TABLE people (id BIGINT, name STRING) WITH (%s);
                SELECT name, id FROM people;
                """.formatted(kafka(topic, "'key.format' = 'json', 'key.fields' = 'id', 'value.format' = 'csv', "
                + "'value.fields-include' = 'EXCEPT_KEY', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'latest-offset'"))).assertSucceeded();
        assertThat(lines(read.stdout())).containsExactly("+I[ann, 1]", "+I[bob, 2]");
    }

    @Test
    void upsertKafkaKeepsEachKeysLatestRowAndDeletesWithTombstones() throws Exception {
        String topic = KafkaTopics.create("totals", 2);
        run("""
                CREATE TABLE orders (store STRING, amount INT) WITH ('connector' = 'values',
                  'changelog-mode' = 'I,UB,UA,D', 'rows' = '+I[berlin, 10]
                +I[paris, 5]
                +I[berlin, 7]
                -D[paris, 5]');
                CREATE TABLE totals (store STRING, total INT, PRIMARY KEY (store) NOT ENFORCED) WITH (
                  'connector' = 'upsert-kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '${KAFKA}',
                  'key.format' = 'json', 'value.format' = 'json');
                INSERT INTO totals SELECT store, SUM(amount) FROM orders GROUP BY store;
                """.formatted(topic)).assertSucceeded();
        List<String> messages = KafkaTopics.read(topic);
        assertThat(messages).contains("{\"store\":\"paris\"}=null");
        assertThat(messages.stream().filter(m -> m.startsWith("{\"store\":\"berlin\"}")).toList())
                .last().isEqualTo("{\"store\":\"berlin\"}={\"store\":\"berlin\",\"total\":17}");

        CliRun read = run("""
                CREATE TABLE totals (store STRING, total INT, PRIMARY KEY (store) NOT ENFORCED) WITH (
                  'connector' = 'upsert-kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '${KAFKA}',
                  'key.format' = 'json', 'value.format' = 'json', 'scan.bounded.mode' = 'latest-offset');
                CREATE TABLE out (store STRING, total INT) WITH ('connector' = 'print');
                INSERT INTO out SELECT store, total FROM totals;
                """.formatted(topic)).assertSucceeded();
        List<String> changes = lines(read.stdout());
        assertThat(changes.get(changes.size() - 1)).isIn("+U[berlin, 17]", "-D[paris, 5]");
        assertThat(changes).contains("-D[paris, 5]", "+U[berlin, 17]");
    }

    @Test
    void upsertKafkaWithABufferSendsTheLastChangePerKey() throws Exception {
        String topic = KafkaTopics.create("buffered", 1);
        run("""
                CREATE TABLE clicks (user_name STRING) WITH ('connector' = 'values', 'rows' = '+I[ann]
                +I[bob]
                +I[ann]
                +I[ann]
                +I[bob]');
                CREATE TABLE counts (user_name STRING, n BIGINT, PRIMARY KEY (user_name) NOT ENFORCED) WITH (
                  'connector' = 'upsert-kafka', 'topic' = '%s', 'properties.bootstrap.servers' = '${KAFKA}',
                  'key.format' = 'json', 'value.format' = 'json',
                  'sink.buffer-flush.max-rows' = '100', 'sink.buffer-flush.interval' = '1 min');
                INSERT INTO counts SELECT user_name, COUNT(*) FROM clicks GROUP BY user_name;
                """.formatted(topic)).assertSucceeded();
        assertThat(KafkaTopics.read(topic)).containsExactly(
                "{\"user_name\":\"ann\"}={\"user_name\":\"ann\",\"n\":3}",
                "{\"user_name\":\"bob\"}={\"user_name\":\"bob\",\"n\":2}");
        run("""
                CREATE TABLE src (id INT) WITH ('connector' = 'values', 'rows' = '+I[1]');
                CREATE TABLE counts (id INT, n BIGINT, PRIMARY KEY (id) NOT ENFORCED) WITH (
                  'connector' = 'upsert-kafka', 'topic' = 'x', 'properties.bootstrap.servers' = '${KAFKA}',
                  'key.format' = 'json', 'value.format' = 'json', 'sink.buffer-flush.max-rows' = '100');
                INSERT INTO counts SELECT id, COUNT(*) FROM src GROUP BY id;
                """).assertFailedNaming("'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must both");
    }

    @Test
    void exactlyOnceWritesInTransactionsThatReadCommittedConsumersSeeWhole() throws Exception {
        String topic = KafkaTopics.create("tx", 2);
        String sink = kafka(topic, "'format' = 'json', 'sink.delivery-guarantee' = 'exactly-once'");
        String script = """
                SET 'parallelism.default' = '2';
                SET 'execution.checkpointing.interval' = '1 s';
                SET 'execution.checkpointing.dir' = '%s';
                CREATE TABLE src (id INT, word STRING) WITH ('connector' = 'values', 'rows' = '+I[1, a]
                +I[2, b]
                +I[3, c]');
                CREATE TABLE words (id INT, word STRING) WITH (%s);
                INSERT INTO words SELECT id, word FROM src;
                """;
        run(script.formatted(workDir.resolve("checkpoints"), sink)).assertFailedNaming(
                "'sink.delivery-guarantee' = 'exactly-once' needs 'sink.transactional-id-prefix'");
        String missing = "no-such-topic-" + System.nanoTime();
        run(script.formatted(workDir.resolve("checkpoints"), kafka(missing, "'format' = 'json', "
                + "'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = '" + missing + "'")))
                .assertFailedNaming("topic '" + missing + "' does not exist at ", "create it first");
        run(script.formatted(workDir.resolve("checkpoints"), sink + ", 'sink.transactional-id-prefix' = '" + topic
                + "'")).assertSucceeded();
        assertThat(KafkaTopics.readCommitted(topic)).containsExactlyInAnyOrder("null={\"id\":1,\"word\":\"a\"}",
                "null={\"id\":2,\"word\":\"b\"}", "null={\"id\":3,\"word\":\"c\"}");
    }

    @Test
    void debeziumChangesAreRetractedDownstream() throws Exception {
        String topic = KafkaTopics.create("orders-cdc", 1);
        KafkaTopics.send(topic, List.of(
                "{\"before\": null, \"after\": {\"id\": 1, \"store\": \"berlin\", \"amount\": 10}, \"op\": \"c\"}",
                "{\"before\": null, \"after\": {\"id\": 2, \"store\": \"paris\", \"amount\": 20}, \"op\": \"c\"}",
                "{\"before\": {\"id\": 1, \"store\": \"berlin\", \"amount\": 10}, \"after\": {\"id\": 1, "
                        + "\"store\": \"paris\", \"amount\": 15}, \"op\": \"u\"}",
                "{\"before\": {\"id\": 2, \"store\": \"paris\", \"amount\": 20}, \"after\": null, \"op\": \"d\"}"));
        KafkaTopics.send(topic, 0, null, java.util.Collections.singletonList(null));
        CliRun read = run("""
                CREATE TABLE orders (id INT, store STRING, amount INT) WITH (%s);
                SELECT store, SUM(amount) AS revenue FROM orders GROUP BY store;
                """.formatted(kafka(topic, "'format' = 'debezium-json', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'latest-offset'"))).assertSucceeded();
        assertThat(lines(read.stdout())).containsExactly("+I[berlin, 10]", "+I[paris, 20]", "-D[berlin, 10]",
                "-U[paris, 20]", "+U[paris, 35]", "-U[paris, 35]", "+U[paris, 15]");
    }

    @Test
    void aMalformedMessageFailsTheJobNamingWhereOrIsSkippedWhenAsked() throws Exception {
        String topic = KafkaTopics.create("bad", 1);
        KafkaTopics.send(topic, List.of("{\"id\": 1, \"amount\": 2}", "{\"id\": 2, \"amount\": \"lots\"}",
                "{\"id\": 3, \"amount\": 4}"));
        String table = "CREATE TABLE t (id INT, amount INT) WITH (%s);\nSELECT id, amount FROM t;\n";
        String bounded = "'format' = 'json', 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = "
                + "'latest-offset'";
        run(table.formatted(kafka(topic, bounded))).assertFailedNaming("topic '" + topic + "' partition 0 at "
                + "offset 1", "field 'amount': cannot read \"lots\" as INT");
        CliRun skipping = run(table.formatted(kafka(topic, bounded + ", 'json.ignore-parse-errors' = 'true'")))
                .assertSucceeded();
        assertThat(lines(skipping.stdout())).containsExactly("+I[1, 2]", "+I[3, 4]");
        assertThat(skipping.stderr()).contains("source t: messages-skipped=1");
    }

    @Test
    void aMissingTopicOrAnUnreachableBrokerIsAClearErrorWithinTheTimeout() throws Exception {
        run("""
                CREATE TABLE t (id INT) WITH (%s);
                SELECT * FROM t;
                """.formatted(kafka("no-such-topic-" + System.nanoTime(), "'format' = 'json', "
                + "'scan.startup.mode' = 'earliest-offset', 'properties.allow.auto.create.topics' = 'false'")))
                .assertFailedNaming("topic 'no-such-topic-", "does not exist");
        Path script = Files.writeString(workDir.resolve("down.sql"), """
                CREATE TABLE t (id INT) WITH ('connector' = 'kafka', 'topic' = 't',
                  'properties.bootstrap.servers' = '127.0.0.1:1', 'properties.default.api.timeout.ms' = '3000',
                  'format' = 'json', 'scan.startup.mode' = 'earliest-offset');
                SELECT * FROM t;
                """);
        SluiceCli.run(Map.of(), "run", script.toString())
                .assertFailedNaming("the Kafka brokers at 127.0.0.1:1 did not answer within 3000 ms");
    }

    @Test
    void startupModesAndTopicPatternsPickWhereAndWhatIsRead() throws Exception {
        String prefix = "modes-" + System.nanoTime();
        String first = KafkaTopics.create(prefix + "-a", 1);
        String second = KafkaTopics.create(prefix + "-b", 1);
        KafkaTopics.send(first, List.of("{\"id\": 1}", "{\"id\": 2}", "{\"id\": 3}"));
        long between = System.currentTimeMillis();
        Thread.sleep(20);
        KafkaTopics.send(first, List.of("{\"id\": 4}"));
        KafkaTopics.send(second, List.of("{\"id\": 10}"));
        String table = "CREATE TABLE t (id INT) WITH (%s);\nSELECT id FROM t;\n";
        String bounded = "'format' = 'json', 'scan.bounded.mode' = 'latest-offset', ";

        assertThat(lines(run(table.formatted(kafka(first, bounded + "'scan.startup.mode' = 'specific-offsets', "
                + "'scan.startup.specific-offsets' = 'partition:0,offset:2'"))).assertSucceeded().stdout()))
                .containsExactly("+I[3]", "+I[4]");
        assertThat(lines(run(table.formatted(kafka(first, bounded + "'scan.startup.mode' = 'timestamp', "
                + "'scan.startup.timestamp-millis' = '" + between + "'"))).assertSucceeded().stdout()))
                .containsExactly("+I[4]");
        assertThat(lines(run(table.formatted(kafka(first, bounded + "'scan.startup.mode' = 'latest-offset'")))
                .assertSucceeded().stdout())).isEmpty();
        String pattern = "'connector' = 'kafka', 'topic-pattern' = '" + prefix + "-.*', "
                + "'properties.bootstrap.servers' = '${KAFKA}', " + bounded + "'scan.startup.mode' = 'earliest-offset'";
        assertThat(lines(run(table.formatted(pattern)).assertSucceeded().stdout()))
                .containsExactlyInAnyOrder("+I[1]", "+I[2]", "+I[3]", "+I[4]", "+I[10]");
        run(table.formatted(kafka(first, bounded + "'scan.startup.mode' = 'group-offsets', "
                + "'properties.group.id' = 'never-committed'")))
                .assertFailedNaming("consumer group 'never-committed' has no committed offset for " + first + "-0",
                        "'properties.auto.offset.reset'");
    }

    @Test
    void metadataColumnsReadWhereEachMessageCameFrom() throws Exception {
        String topic = KafkaTopics.create("meta", 2);
        KafkaTopics.send(topic, 0, null, List.of("{\"id\": 1}", "{\"id\": 2}"));
        KafkaTopics.send(topic, 1, null, List.of("{\"id\": 3}"));
        CliRun read = run("""
                CREATE TABLE t (
                  part INT METADATA FROM 'partition' VIRTUAL,
                  id INT,
                  `offset` BIGINT METADATA VIRTUAL,
                  tp STRING METADATA FROM 'topic' VIRTUAL,
                  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
                  kind STRING METADATA FROM 'timestamp-type' VIRTUAL
                ) WITH (%s);
                SELECT part, id, `offset`, tp = '%s' AS same_topic, ts IS NOT NULL AS stamped, kind FROM t;
                """.formatted(kafka(topic, "'format' = 'json', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'latest-offset'"), topic)).assertSucceeded();
        assertThat(lines(read.stdout())).containsExactlyInAnyOrder("+I[0, 1, 0, true, true, CreateTime]",
                "+I[0, 2, 1, true, true, CreateTime]", "+I[1, 3, 0, true, true, CreateTime]");
    }

    @Test
    void headersAreReadAsAMapOfBytesAndWrittenWithTheTimestamp() throws Exception {
        String in = KafkaTopics.create("headers-in", 1);
        String out = KafkaTopics.create("headers-out", 1);
        KafkaTopics.sendWithHeaders(in, "{\"id\": 1}", "trace", "t-1", "origin", "app", "trace", "t-2");
        KafkaTopics.sendWithHeaders(in, "{\"id\": 2}");
        String bounded = "'format' = 'json', 'scan.startup.mode' = 'earliest-offset', "
                + "'scan.bounded.mode' = 'latest-offset'";
        CliRun copy = run("""
                CREATE TABLE src (
                  id INT,
                  headers MAP<STRING, BYTES> METADATA VIRTUAL
                ) WITH (%s);
                CREATE TABLE out (
                  id INT,
                  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
                  headers MAP<STRING, BYTES> METADATA
                ) WITH (%s);
                SELECT id, headers, CAST(headers['trace'] AS STRING), CARDINALITY(headers) FROM src;
                INSERT INTO out SELECT id, TO_TIMESTAMP_LTZ(1700000000000 + id, 3),
                  CASE WHEN id = 1 THEN MAP['copied-trace', headers['trace'], 'by', CAST('sluice' AS BYTES)] END
                  FROM src;
                """.formatted(kafka(in, bounded), kafka(out, "'format' = 'json'"))).assertSucceeded();
        assertThat(lines(copy.stdout())).contains("+I[1, {trace=[116, 45, 50], origin=[97, 112, 112]}, t-2, 2]",
                "+I[2, {}, null, 0]");
        List<String> written = KafkaTopics.records(out).stream().map(record -> new String(record.value(),
                StandardCharsets.UTF_8) + " at " + record.timestamp() + " with " + headerText(record)).toList();
        assertThat(written).containsExactly("{\"id\":1} at 1700000000001 with copied-trace=t-2, by=sluice",
                "{\"id\":2} at 1700000000002 with ");
    }

    private static String headerText(ConsumerRecord<byte[], byte[]> record) {
        return String.join(", ", java.util.stream.StreamSupport.stream(record.headers().spliterator(), false)
                .map(header -> header.key() + "=" + new String(header.value(), StandardCharsets.UTF_8)).toList());
    }

    @Test
    void anUpsertSinkTakesDebeziumUpdatesWithoutTheirOldRows() throws Exception {
        String topic = KafkaTopics.create("cdc-no-before", 1);
        KafkaTopics.send(topic, List.of("{\"before\": null, \"after\": {\"id\": 1, \"name\": \"a\"}, \"op\": \"c\"}",
                "{\"before\": null, \"after\": {\"id\": 1, \"name\": \"b\"}, \"op\": \"u\"}"));
        String source = "CREATE TABLE t (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (" + kafka(topic,
                "'format' = 'debezium-json', 'scan.startup.mode' = 'earliest-offset', "
                        + "'scan.bounded.mode' = 'latest-offset'") + ");\n";
        CliRun upsert = run(source + """
                CREATE TABLE out (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED)
                  WITH ('connector' = 'print', 'changelog-mode' = 'upsert');
                INSERT INTO out SELECT id, name FROM t;
                """).assertSucceeded();
        assertThat(lines(upsert.stdout())).containsExactly("+I[1, a]", "+U[1, b]");
        // a count per name must take the old name back: the update's missing old row is an error then
        run(source + "SELECT name, COUNT(*) FROM t GROUP BY name;\n")
                .assertFailedNaming("'before' member of a UPDATE event is null", "REPLICA IDENTITY FULL");
    }

    @Test
    void metadataColumnsAreCheckedAtPlanning() throws Exception {
        String bounded = "'format' = 'json', 'scan.startup.mode' = 'earliest-offset'";
        run("CREATE TABLE t (id INT, p INT METADATA FROM 'part') WITH (" + kafka("x", bounded) + ");\n"
                + "SELECT * FROM t;\n").assertFailedNaming("metadata column 'p' reads key 'part', which connector "
                + "'kafka' does not offer. Available: ", "offset BIGINT NOT NULL", "partition INT NOT NULL");
        run("CREATE TABLE t (id INT, o STRING METADATA FROM 'offset') WITH (" + kafka("x", bounded) + ");\n"
                + "SELECT * FROM t;\n").assertFailedNaming("metadata column 'o' must have type BIGINT NOT NULL to "
                + "read 'offset', not STRING");
        run("""
                CREATE TABLE src (id INT) WITH ('connector' = 'values', 'rows' = '+I[1]');
                CREATE TABLE t (id INT, o BIGINT METADATA FROM 'offset') WITH (%s);
                INSERT INTO t SELECT id, CAST(1 AS BIGINT) FROM src;
                """.formatted(kafka("x", "'format' = 'json'")))
                .assertFailedNaming("metadata column 'o' writes key 'offset', which connector 'kafka' can only read: "
                        + "declare the column VIRTUAL to leave it out of INSERTs");
        run("""
                CREATE TABLE src (id INT) WITH ('connector' = 'values', 'rows' = '+I[1]');
                CREATE TABLE t (id INT, h MAP<STRING, STRING> METADATA FROM 'headers') WITH (%s);
                INSERT INTO t SELECT id, MAP['a', 'b'] FROM src;
                """.formatted(kafka("x", "'format' = 'json'")))
                .assertFailedNaming("metadata column 'h' must have type MAP<STRING, BYTES> to write 'headers', "
                        + "not MAP<STRING, STRING>");
        run("""
                CREATE TABLE t (id INT, o BIGINT METADATA FROM 'offset') WITH ('connector' = 'values', 'rows' = '+I[1]');
                SELECT * FROM t;
                """).assertFailedNaming("which connector 'values' does not offer. It offers no metadata");
    }

    @Test
    void optionsAreCheckedAtPlanning() throws Exception {
        run("CREATE TABLE t (id INT) WITH (" + kafka("x", "'format' = 'json'") + ");\nSELECT * FROM t;\n")
                .assertFailedNaming("'scan.startup.mode' = 'group-offsets' (the default) needs option "
                        + "'properties.group.id'");
        run("CREATE TABLE t (id INT) WITH (" + kafka("x", "'format' = 'json', 'json.fail-on-missing' = 'true'")
                + ");\nSELECT * FROM t;\n").assertFailedNaming("unknown option 'json.fail-on-missing'");
        run("CREATE TABLE t (id INT) WITH (" + kafka("x", "'format' = 'avro'") + ");\nSELECT * FROM t;\n")
                .assertFailedNaming("no format 'avro' on the classpath (option 'format')");
        run("""
                CREATE TABLE src (id INT) WITH ('connector' = 'values', 'rows' = '+I[1]');
                CREATE TABLE t (id INT, n BIGINT) WITH (%s);
                INSERT INTO t SELECT id, COUNT(*) FROM src GROUP BY id;
                """.formatted(kafka("x", "'format' = 'json'"))).assertFailedNaming("t");
    }
}
