package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.INT;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Random changelogs under random flush, checkpoint and parallelism settings: the tables always end
 * as the model says. Two of the tables are right only if each -U reaches its sink and deletes there:
 * one behind a HAVING that drops a group's +U when the group falls below it, one whose primary key
 * holds the count that the update changes. {@code -Dsluice.it.random.runs=200} runs more; {@code -Dsluice.it.random.seed}
 * replays a failed run (its seed is in the test's name).
 */
abstract class RandomizedChangelogSuite extends DatabaseSuite {
    private static final int RUNS = Integer.getInteger("sluice.it.random.runs", 4);
    private static final long FIRST_SEED = Long.getLong("sluice.it.random.seed", 20261009L);
    private static final int GROUPS = 10;
    /** The HAVING bound: with up to 200 keys in 10 groups, groups cross it both ways. */
    private static final int BIG_GROUP = 8;

    RandomizedChangelogSuite(TestDatabase database) {
        super(database);
    }

    @TestFactory
    Stream<DynamicTest> tablesEndAsTheModelSays() {
        return IntStream.range(0, RUNS).mapToObj(run -> FIRST_SEED + run)
                .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runWithSeed(seed)));
    }

    private void runWithSeed(long seed) throws Exception {
        Random random = new Random(seed);
        KeyedChangelog changes = randomChangelog(random);
        Settings settings = Settings.random(random);
        Path input = writeLines("changes-" + seed + ".txt", changes.lines());
        String mirror = sink.newTableName("mirror");
        String totals = sink.newTableName("totals");
        String bigGroups = sink.newTableName("big_groups");
        String counts = sink.newTableName("group_counts");

        runScript("""
                %s
                CREATE TABLE changes (id INT, grp INT, val BIGINT, PRIMARY KEY (id) NOT ENFORCED)
                  WITH ('connector' = 'values', 'path' = '%s', 'changelog-mode' = 'I,UB,UA,D');
                CREATE TABLE mirror (id INT, grp INT, val BIGINT, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                CREATE TABLE totals (grp INT, cnt BIGINT, total BIGINT, PRIMARY KEY (grp) NOT ENFORCED) WITH (%s);
                CREATE TABLE big_groups (grp INT, cnt BIGINT, total BIGINT, PRIMARY KEY (grp) NOT ENFORCED) WITH (%s);
                CREATE TABLE group_counts (grp INT, cnt BIGINT, PRIMARY KEY (grp, cnt) NOT ENFORCED) WITH (%s);
                EXECUTE STATEMENT SET BEGIN
                INSERT INTO mirror SELECT id, grp, val FROM changes;
                INSERT INTO totals SELECT grp, COUNT(*) AS cnt, SUM(val) AS total FROM changes GROUP BY grp;
                INSERT INTO big_groups SELECT grp, COUNT(*) AS cnt, SUM(val) AS total FROM changes GROUP BY grp
                  HAVING COUNT(*) >= %d;
                INSERT INTO group_counts SELECT grp, COUNT(*) AS cnt FROM changes GROUP BY grp;
                END;
                """.formatted(settings.statements(workDir.resolve("checkpoints-" + seed)), input,
                sink.jdbcOptions(mirror, settings.sinkOptions()), sink.jdbcOptions(totals, settings.sinkOptions()),
                sink.jdbcOptions(bigGroups, settings.sinkOptions()), sink.jdbcOptions(counts, settings.sinkOptions()),
                BIG_GROUP)).assertSucceeded();

        String run = "seed " + seed + ", " + changes.lines().size() + " changes, " + settings;
        assertThat(sink.read(mirror, "id, grp, val", INT, INT, BIGINT)).as("mirror after %s", run)
                .containsExactlyElementsOf(changes.expectedTable());
        assertThat(sink.read(totals, "grp, cnt, total", INT, BIGINT, BIGINT)).as("totals after %s", run)
                .containsExactlyElementsOf(expectedTotals(changes));
        assertThat(sink.read(bigGroups, "grp, cnt, total", INT, BIGINT, BIGINT)).as("big_groups after %s", run)
                .containsExactlyElementsOf(expectedTotals(changes).stream()
                        .filter(row -> Long.parseLong(row.split(", ")[1]) >= BIG_GROUP).toList());
        assertThat(sink.read(counts, "grp, cnt", INT, BIGINT)).as("group_counts after %s", run)
                .containsExactlyElementsOf(expectedTotals(changes).stream()
                        .map(row -> row.substring(0, row.lastIndexOf(", ")) + "]").toList());
    }

    /** Up to 2,000 steps over up to 200 keys: inserts, updates that may move a row to another group, deletes. */
    private static KeyedChangelog randomChangelog(Random random) {
        KeyedChangelog changes = new KeyedChangelog(1);
        int keys = 1 + random.nextInt(200);
        int steps = 1 + random.nextInt(2_000);
        for (int i = 0; i < steps; i++) {
            int id = 1 + random.nextInt(keys);
            int group = random.nextInt(GROUPS);
            long value = random.nextInt(2_001) - 1_000;
            if (!changes.contains(id)) {
                changes.insert(id, group, value);
            } else if (random.nextInt(10) < 7) {
                changes.update(id, group, value);
            } else {
                changes.delete(id);
            }
        }
        return changes;
    }

    /** {@code +I[grp, COUNT(*), SUM(val)]} over the rows left, for the groups that still have rows. */
    private static List<String> expectedTotals(KeyedChangelog changes) {
        Map<Integer, long[]> totals = new TreeMap<>();
        for (Row row : changes.rows()) {
            long[] total = totals.computeIfAbsent((Integer) row.field(1), group -> new long[2]);
            total[0]++;
            total[1] += (Long) row.field(2);
        }
        return totals.entrySet().stream()
                .map(entry -> RowText.format(Row.insert(entry.getKey(), entry.getValue()[0], entry.getValue()[1])))
                .sorted().toList();
    }

    /** One run's settings: flush triggers, checkpoints and parallelism. */
    private record Settings(int maxRows, int intervalMillis, boolean checkpoints, int parallelism) {
        static Settings random(Random random) {
            return new Settings(1 + random.nextInt(1_000), random.nextInt(51), random.nextBoolean(),
                    1 + random.nextInt(2));
        }

        String statements(Path checkpointDirectory) {
            String parallelismSetting = "SET 'parallelism.default' = '" + parallelism + "';";
            if (!checkpoints) {
                return parallelismSetting;
            }
            return parallelismSetting + "\nSET 'execution.checkpointing.interval' = '50ms';\n"
                    + "SET 'execution.checkpointing.dir' = '" + checkpointDirectory + "';";
        }

        String[] sinkOptions() {
            return new String[] {"'sink.buffer-flush.max-rows' = '" + maxRows + "'",
                "'sink.buffer-flush.interval' = '" + intervalMillis + "ms'"};
        }
    }
}
