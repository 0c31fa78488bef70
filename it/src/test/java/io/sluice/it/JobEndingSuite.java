package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cli.Main;
import io.sluice.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * However a job ends (Ctrl-C or SIGTERM on {@code sluice run}, Ctrl-C once or twice in the shell, the end
 * of its input, the failure of another statement of its statement set), every sink writes what it holds:
 * each table has every row its sink received, and no sink reports rows left in its buffer. Each case runs
 * a statement set and a single INSERT. The sinks flush only when they close (no row count or interval
 * reaches a flush), so a sink that does not flush at the end leaves its table empty.
 */
abstract class JobEndingSuite extends DatabaseSuite {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    /** How long a job reads before it is ended: at 20 rows/s, some 40 rows wait in the sinks. */
    private static final long READ_MILLIS = 2_000;

    private String copies;
    private String perStore;

    JobEndingSuite(TestDatabase database) {
        super(database);
    }

    @ParameterizedTest(name = "statement set: {0}")
    @ValueSource(booleans = {true, false})
    void ctrlCOnRunEndsTheInputAndEverySinkWritesWhatItHolds(boolean statementSet) throws Exception {
        try (SluiceProcess job = startScript(statementSet)) {
            awaitReading(job);
            job.interrupt();
            assertThat(job.awaitExit(LIMIT)).as("ended after Ctrl-C; stderr:%n%s", job.stderr()).isTrue();
            assertThat(job.exitCode()).as("exit code; stderr:%n%s", job.stderr()).isZero();
            assertEveryReadRowWritten(job.stderr(), statementSet);
        }
    }

    @ParameterizedTest(name = "statement set: {0}")
    @ValueSource(booleans = {true, false})
    void sigtermOnRunCancelsTheJobAndEverySinkWritesWhatItHolds(boolean statementSet) throws Exception {
        try (SluiceProcess job = startScript(statementSet)) {
            awaitReading(job);
            job.terminate();
            assertThat(job.awaitExit(LIMIT)).as("ended after SIGTERM; stderr:%n%s", job.stderr()).isTrue();
            assertThat(job.stderr()).contains("Cancelling the running job");
            assertEverySinkWroteWhatItReceived(job.stderr(), statementSet);
        }
    }

    @ParameterizedTest(name = "statement set: {0}")
    @ValueSource(booleans = {true, false})
    void ctrlCInTheShellEndsTheInputAndEverySinkWritesWhatItHolds(boolean statementSet) throws Exception {
        String stderr = inShell(statementSet, 1);

        assertThat(stderr).contains("Ctrl-C: ending the input here");
        assertEveryReadRowWritten(stderr, statementSet);
    }

    @Test
    void ctrlCTwiceInTheShellCancelsTheJobAndEverySinkWritesWhatItHolds() throws Exception {
        String stderr = inShell(true, 2);

        assertThat(stderr).contains("Ctrl-C again: cancelling the job");
        assertEverySinkWroteWhatItReceived(stderr, true);
    }

    @ParameterizedTest(name = "statement set: {0}")
    @ValueSource(booleans = {true, false})
    void theEndOfTheInputFlushesEverySink(boolean statementSet) throws Exception {
        CliRun run = runScript(script(statementSet, "'number-of-rows' = '37'")).assertSucceeded();

        assertEveryReadRowWritten(run.stderr(), statementSet);
        assertThat(sink.count(copies)).isEqualTo(37);
    }

    /** One INSERT's table refuses a row: the job fails, and the other INSERT's sink writes what it holds. */
    @Test
    void theFailureOfAnotherStatementOfTheSetFlushesTheOtherSinks() throws Exception {
        String refusing = sink.newTableName("refusing");
        sink.execute("CREATE TABLE " + refusing + " (id BIGINT PRIMARY KEY, amount INT CHECK (amount < 0))");
        String script = tables("'rows-per-second' = '20'") + """
                CREATE TABLE refusing (id BIGINT, amount INT, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                EXECUTE STATEMENT SET BEGIN
                INSERT INTO copies SELECT id, store, amount FROM orders;
                INSERT INTO refusing SELECT id, amount FROM orders WHERE id > 30;
                END;
                """.formatted(sink.jdbcOptions(refusing, "'sink.buffer-flush.max-rows' = '1'"));

        CliRun run = runScript(script);

        run.assertFailedNaming("refusing");
        long received = run.sinkMetric("rows-received").get("copies");
        assertThat(received).as("rows copies received; stderr:%n%s", run.stderr()).isGreaterThanOrEqualTo(30);
        assertThat(sink.count(copies)).isEqualTo(received);
        assertThat(run.stderr()).doesNotContainPattern("sink copies:.*buffer-size=[1-9]");
    }

    private SluiceProcess startScript(boolean statementSet) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("run",
                writeScript(script(statementSet, "'rows-per-second' = '20'")).toString()));
        return SluiceProcess.start(sink.scriptEnvironment(), workDir, arguments.toArray(String[]::new));
    }

    /** Waits until the job's sinks are open, then lets it read for a while. */
    private static void awaitReading(SluiceProcess job) throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!job.stderr().contains("rows in")) {
            assertThat(job.isAlive()).as("the job runs; stderr:%n%s", job.stderr()).isTrue();
            assertThat(System.nanoTime()).as("the job started within %s", LIMIT).isLessThan(deadline);
            Thread.sleep(100);
        }
        Thread.sleep(READ_MILLIS);
    }

    /**
     * Runs the script's statements in the shell, then presses Ctrl-C {@code presses} times while the job
     * runs (back to back, so that the second comes while the first still drains the job) and leaves the shell; returns what it wrote to stderr.
     */
    private String inShell(boolean statementSet, int presses) throws Exception {
        PipedOutputStream keyboard = new PipedOutputStream();
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PipedInputStream input = new PipedInputStream(keyboard);
             Terminal terminal = TerminalBuilder.builder().system(false).streams(input, screen).build();
             PrintStream out = new PrintStream(screen, true, StandardCharsets.UTF_8);
             PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            CompletableFuture<Integer> shell = CompletableFuture.supplyAsync(() ->
                    Main.runShell(terminal, sink.scriptEnvironment(), out, errors));
            keyboard.write(script(statementSet, "'rows-per-second' = '20'").replace('\n', ' ')
                    .concat("\n").getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (!err.toString(StandardCharsets.UTF_8).contains("rows in")) {
                assertThat(System.nanoTime()).as("the job started within %s; stderr:%n%s", LIMIT, err).isLessThan(deadline);
                Thread.sleep(100);
            }
            Thread.sleep(READ_MILLIS);
            for (int press = 0; press < presses; press++) {
                terminal.raise(Terminal.Signal.INT);
            }
            while (!err.toString(StandardCharsets.UTF_8).contains("Job ended")) {
                assertThat(System.nanoTime()).as("the job ended within %s; stderr:%n%s", LIMIT, err).isLessThan(deadline);
                Thread.sleep(100);
            }
            keyboard.write("quit;\n".getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            assertThat(shell.get(LIMIT.toSeconds(), TimeUnit.SECONDS)).isZero();
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    /**
     * Orders with ids 1, 2, ... (one source subtask, so the ids arrive in order) copied into {@code copies}
     * and, in a statement set, counted per store into {@code per_store}; {@code sourceOption} says how
     * they come.
     */
    private String script(boolean statementSet, String sourceOption) {
        String tables = tables(sourceOption);
        String copy = "INSERT INTO copies SELECT id, store, amount FROM orders;\n";
        if (!statementSet) {
            return tables + copy;
        }
        return tables + "EXECUTE STATEMENT SET BEGIN\n" + copy + """
                INSERT INTO per_store SELECT store, COUNT(*), MAX(id), SUM(amount) FROM orders GROUP BY store;
                END;
                """;
    }

    /** The tables of {@link #script}, new ones for each script. */
    private String tables(String sourceOption) {
        copies = sink.newTableName("copies");
        perStore = sink.newTableName("per_store");
        String unflushed = "'sink.buffer-flush.max-rows' = '100000', 'sink.buffer-flush.interval' = '1 h'";
        return """
                SET 'parallelism.default' = '1';
                CREATE TABLE orders (id BIGINT, store INT, amount INT) WITH ('connector' = 'datagen', %s,
                  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '1000000',
                  'fields.store.min' = '1', 'fields.store.max' = '3', 'fields.amount.min' = '1',
                  'fields.amount.max' = '100');
                CREATE TABLE copies (id BIGINT, store INT, amount INT, PRIMARY KEY (id) NOT ENFORCED) WITH (%s);
                CREATE TABLE per_store (store INT, cnt BIGINT, last_id BIGINT, total INT,
                  PRIMARY KEY (store) NOT ENFORCED) WITH (%s);
                """.formatted(sourceOption, sink.jdbcOptions(copies, unflushed), sink.jdbcOptions(perStore, unflushed));
    }

    /** Every sink wrote what it received, and every row read reached the tables: the input ended cleanly. */
    private void assertEveryReadRowWritten(String stderr, boolean statementSet) throws SQLException {
        assertEverySinkWroteWhatItReceived(stderr, statementSet);
        if (statementSet) {
            assertThat(sink.read(perStore, "SUM(cnt)", io.sluice.api.types.TypeRoot.BIGINT))
                    .as("every order copied is counted").containsExactly("+I[" + sink.count(copies) + "]");
        }
    }

    /** Each table holds every row its sink received, the copied ids have no gap, no buffer holds rows. */
    private void assertEverySinkWroteWhatItReceived(String stderr, boolean statementSet) throws SQLException {
        Map<String, Long> received = CliRun.sinkMetric(stderr, "rows-received");
        assertThat(received).as("the job summary; stderr:%n%s", stderr).containsKey("copies");
        long copied = sink.count(copies);
        assertThat(copied).as("rows in %s; stderr:%n%s", copies, stderr).isEqualTo(received.get("copies")).isPositive();
        assertThat(sink.read(copies, "MAX(id)", io.sluice.api.types.TypeRoot.BIGINT))
                .containsExactly("+I[" + copied + "]");
        if (statementSet) {
            assertThat(received).containsKey("per_store");
            assertThat(sink.count(perStore)).as("stores in %s; stderr:%n%s", perStore, stderr).isEqualTo(3);
        }
        assertThat(stderr).as("no sink keeps rows in its buffer").doesNotContainPattern("buffer-size=[1-9]");
    }
}
