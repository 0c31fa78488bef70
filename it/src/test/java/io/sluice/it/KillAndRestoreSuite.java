package io.sluice.it;

import static io.sluice.api.types.TypeRoot.BIGINT;
import static io.sluice.api.types.TypeRoot.INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A job process killed mid-stream resumes with {@code --restore} from its last checkpoint: the
 * aggregate's state and the source's position come back together, so the final table counts every
 * row exactly once.
 */
abstract class KillAndRestoreSuite extends DatabaseSuite {
    private static final int ROWS = 20_000;
    private static final int ROWS_PER_SECOND = 3_000;
    private static final int BUCKETS = 10;
    private static final String JOB_NAME = "restore_it";
    private static final long DEADLINE_MILLIS = 60_000;
    private static final long POLL_MILLIS = 20;

    KillAndRestoreSuite(TestDatabase database) {
        super(database);
    }

    @Test
    void killedJobResumesFromItsLastCheckpoint() throws Exception {
        Path checkpoints = workDir.resolve("checkpoints");
        String table = sink.newTableName("buckets");
        Path script = writeScript("""
                SET 'parallelism.default' = '1';
                SET 'pipeline.name' = '%s';
                SET 'execution.checkpointing.interval' = '200ms';
                SET 'execution.checkpointing.dir' = '%s';
                CREATE TABLE gen (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '%d',
                  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '%d');
                CREATE TABLE buckets (bucket INT, cnt BIGINT, total BIGINT, PRIMARY KEY (bucket) NOT ENFORCED)
                  WITH (%s);
                INSERT INTO buckets
                SELECT bucket, COUNT(*) AS cnt, SUM(id) AS total
                FROM (SELECT CAST(MOD(id, %d) AS INT) AS bucket, id FROM gen)
                GROUP BY bucket;
                """.formatted(JOB_NAME, checkpoints, ROWS_PER_SECOND, ROWS,
                sink.jdbcOptions(table, "'sink.buffer-flush.max-rows' = '50'"), BUCKETS));
        Path jobCheckpoints = checkpoints.resolve(JOB_NAME);

        try (SluiceProcess job = SluiceProcess.start(sink.scriptEnvironment(), workDir, "run", script.toString())) {
            awaitCompletedCheckpoints(job, jobCheckpoints, 2);
            job.kill();
        }
        assertThat(sink.read(table, "bucket, cnt, total", INT, BIGINT, BIGINT))
                .as("the killed job had not finished").isNotEqualTo(expectedBuckets());

        SluiceCli.run(sink.scriptEnvironment(), "run", script.toString(), "--restore", jobCheckpoints.toString())
                .assertSucceeded();

        assertThat(sink.read(table, "bucket, cnt, total", INT, BIGINT, BIGINT))
                .containsExactlyElementsOf(expectedBuckets());
    }

    /** Waits until the running job completed {@code count} checkpoints; fails if it ends first. */
    private static void awaitCompletedCheckpoints(SluiceProcess job, Path directory, int count) throws Exception {
        long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
        while (completedCheckpoints(directory) < count) {
            if (!job.isAlive()) {
                fail("The job ended before %d checkpoints were complete; stderr:%n%s", count, job.stderr());
            }
            if (System.currentTimeMillis() > deadline) {
                fail("No %d completed checkpoints in %s after %d ms; stderr:%n%s", count, directory,
                        DEADLINE_MILLIS, job.stderr());
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static long completedCheckpoints(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(entry -> entry.getFileName().toString().matches("chk-\\d+")).count();
        }
    }

    private static List<String> expectedBuckets() {
        return IntStream.range(0, BUCKETS).mapToObj(bucket -> {
            long[] ids = LongStream.rangeClosed(1, ROWS).filter(id -> id % BUCKETS == bucket).toArray();
            return RowText.format(Row.insert(bucket, (long) ids.length, LongStream.of(ids).sum()));
        }).sorted().toList();
    }
}
