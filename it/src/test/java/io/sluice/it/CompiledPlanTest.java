package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.planner.SqlStatementException;
import io.sluice.planner.TableEnvironment;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import io.sluice.testing.Postgres;
import io.sluice.testing.TestDatabase;
import io.sluice.testing.TestDatabases;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** COMPILE PLAN and EXECUTE PLAN: a job's plan written once, run later by a session that declares no table. */
@ExtendWith(TestDatabases.class)
class CompiledPlanTest {
    private static final String WORDS = "CREATE TABLE words (word STRING) WITH ('connector' = 'values', "
            + "'rows' = '+I[to]\n+I[be]\n+I[or]\n+I[not]\n+I[to]\n+I[be]')";

    @Test
    void aCompiledPlanRunsInASessionWithoutItsTablesAndWritesTheSameTable(@Postgres TestDatabase database,
                                                                          @TempDir Path directory) throws Exception {
        String table = TestDatabase.uniqueName("plan_counts");
        Path plan = directory.resolve("plans/counts.json");
        TableEnvironment compiling = TableEnvironment.create(Map.of());
        compiling.executeSql(WORDS);
        compiling.executeSql(countsTable("counts", database, table));
        compiling.executeSql("COMPILE PLAN '" + plan + "' FOR INSERT INTO counts SELECT word, COUNT(*) FROM words GROUP BY word");
        assertThat(plan).isRegularFile();
        assertThat(Files.getPosixFilePermissions(plan)).as("it holds the tables' options").hasSize(2);

        TableEnvironment.create(Map.of()).executeSql("EXECUTE PLAN '" + plan + "'").forEach(row -> { });

        assertThat(readBack(database, table)).containsExactlyInAnyOrder("to=2", "be=2", "or=1", "not=1");
    }

    @Test
    void compilingOverAnExistingPlanFailsUnlessForcedAndAMissingPlanIsNamed(@Postgres TestDatabase database,
                                                                            @TempDir Path directory) {
        Path plan = directory.resolve("counts.json");
        TableEnvironment session = TableEnvironment.create(Map.of());
        session.executeSql(WORDS);
        session.executeSql(countsTable("counts", database, TestDatabase.uniqueName("plan_counts")));
        String compile = "COMPILE PLAN '" + plan + "' FOR INSERT INTO counts SELECT word, COUNT(*) FROM words GROUP BY word";
        session.executeSql(compile);

        assertThatThrownBy(() -> session.executeSql(compile)).isInstanceOf(SqlStatementException.class)
                .hasMessage("Plan file '" + plan + "' exists already; EXECUTE PLAN runs it, or SET "
                        + "'table.plan.force-recompile' = 'true' to overwrite it");
        session.executeSql("SET 'table.plan.force-recompile' = 'true'");
        session.executeSql(compile);

        Path missing = directory.resolve("missing.json");
        assertThatThrownBy(() -> session.executeSql("EXECUTE PLAN '" + missing + "'"))
                .isInstanceOf(SqlStatementException.class)
                .hasMessage("Plan file '" + missing + "' does not exist; COMPILE PLAN '" + missing
                        + "' FOR INSERT ... writes it");
    }

    /**
     * A plan compiled by Sluice 0.1.0 (word count into {@code embedded:postgres}) keeps running in every
     * later version: the file in the test resources is never recompiled.
     */
    @Test
    void aPlanCompiledByAnEarlierVersionStillRuns() throws Exception {
        TableEnvironment session = TableEnvironment.create(Map.of());
        session.executeSql("EXECUTE PLAN '" + resource("plans/word-count-0.1.0.plan.json") + "'").forEach(row -> { });

        session.executeSql("CREATE TABLE plan_word_counts (word VARCHAR(64), cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED)"
                + " WITH ('connector' = 'jdbc', 'url' = 'embedded:postgres', 'table-name' = 'plan_word_counts')");
        List<String> rows = new ArrayList<>();
        session.executeSql("SELECT word, cnt FROM plan_word_counts").forEach(row -> rows.add(row.field(0) + "=" + row.field(1)));
        assertThat(rows).containsExactlyInAnyOrder("to=2", "be=2", "or=1", "not=1");
    }

    /**
     * A checkpoint Sluice 0.1.0 took mid-job (in its own state format, version 3) restores into the plan
     * it was taken from, compiled by the same version, and the job finishes with the exact table: every key
     * counts the rows before the checkpoint (from the restored state) and after it (read again).
     */
    @Test
    void aCheckpointTakenByAnEarlierVersionRestoresAndTheJobFinishesExactly() throws Exception {
        Path checkpoint = resource("checkpoints/sums-0.1.0/chk-6");
        TableEnvironment session = TableEnvironment.create(Map.of("execution.state-recovery.path", checkpoint.toString()));
        AtomicLong rowsRead = new AtomicLong(-1);
        session.setJobObserver(new JobObserver() {
            @Override
            public void onFinished(JobProgress finalProgress) {
                rowsRead.set(finalProgress.rowsIn());
            }
        });
        session.executeSql("EXECUTE PLAN '" + resource("plans/sums-0.1.0.plan.json") + "'").forEach(row -> { });
        assertThat(rowsRead.get()).as("only the rows after the checkpoint are read again").isBetween(1L, 199L);
        session.setJobObserver(JobObserver.NONE);

        session.executeSql("CREATE TABLE checkpoint_sums (k BIGINT, cnt BIGINT, total BIGINT, PRIMARY KEY (k) NOT ENFORCED)"
                + " WITH ('connector' = 'jdbc', 'url' = 'embedded:postgres', 'table-name' = 'checkpoint_sums')");
        List<String> rows = new ArrayList<>();
        session.executeSql("SELECT k, cnt, total FROM checkpoint_sums")
                .forEach(row -> rows.add(row.field(0) + ": " + row.field(1) + ", " + row.field(2)));
        // n from 1 to 200 grouped by MOD(n, 5): 40 rows per key.
        assertThat(rows).containsExactlyInAnyOrder("0: 40, 4100", "1: 40, 3940", "2: 40, 3980", "3: 40, 4020",
                "4: 40, 4060");
    }

    private static String countsTable(String name, TestDatabase database, String table) {
        return "CREATE TABLE " + name + " (word VARCHAR(64), cnt BIGINT, PRIMARY KEY (word) NOT ENFORCED) WITH ("
                + "'connector' = 'jdbc', 'url' = '" + database.jdbcUrl() + "', 'table-name' = '" + table + "', "
                + "'username' = '" + database.user() + "', 'password' = '"
                + (database.password() == null ? "" : database.password()) + "', 'sink.auto-create' = 'true')";
    }

    private static List<String> readBack(TestDatabase database, String table) throws Exception {
        List<String> rows = new ArrayList<>();
        try (var connection = database.open(); var statement = connection.createStatement();
                var result = statement.executeQuery("SELECT word, cnt FROM " + table)) {
            while (result.next()) {
                rows.add(result.getString(1) + "=" + result.getLong(2));
            }
            statement.execute("DROP TABLE " + table);
        }
        return rows;
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(CompiledPlanTest.class.getClassLoader().getResource(name).toURI());
    }
}
