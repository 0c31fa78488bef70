package io.sluice.it;

import static java.util.concurrent.TimeUnit.MINUTES;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TcpProxy;
import io.sluice.testing.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A database that accepts connections and then stops answering, seen through a relay that holds
 * every byte ({@link TcpProxy#freeze()}): the same as a server whose processes are stopped, or a
 * listener that never replies. Every wait of the job is bounded by a timeout a user can set, a long
 * wait is reported while it lasts, Ctrl-C ends the run in the documented time, and a connection that
 * breaks while the sink opens is retried as a broken flush is.
 */
abstract class UnresponsiveServerSuite extends DatabaseSuite {
    /** What the documentation promises for Ctrl-C. */
    private static final Duration CTRL_C_LIMIT = Duration.ofSeconds(30);
    private static final String FAST_FAILURE = "'connection.connect-timeout' = '2 s', 'sink.max-retries' = '1', "
            + "'sink.retry.backoff' = '100ms'";

    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private TcpProxy proxy;

    UnresponsiveServerSuite(TestDatabase database) {
        super(database);
    }

    @BeforeEach
    void startProxy() throws Exception {
        proxy = TcpProxy.before(sink.database().jdbcUrl());
    }

    @AfterEach
    void stopProxy() {
        executor.shutdownNow();
        proxy.close();
    }

    @Test
    @Timeout(value = 2, unit = MINUTES)
    void aServerThatNeverAnswersFailsTheJobWithinTheConnectTimeout() {
        proxy.freeze();
        String table = sink.newTableName("silent");

        runScript(SequenceJob.script(sink.jdbcOptions(table, FAST_FAILURE)), viaProxy())
                .assertFailedNaming("line 5", "database table '" + table + "'", "cannot connect to jdbc:",
                        "127.0.0.1:");
    }

    @Test
    @Timeout(value = 2, unit = MINUTES)
    void ctrlCEndsARunStuckConnectingWithinTheDocumentedTime() throws Exception {
        proxy.freeze();
        String table = sink.newTableName("stuck");
        Path script = writeScript(SequenceJob.script(sink.jdbcOptions(table)));
        Map<String, String> environment = sink.scriptEnvironment();
        environment.putAll(viaProxy());
        try (SluiceProcess run = SluiceProcess.start(environment, workDir, "run", script.toString())) {
            awaitConnectionAttempt(run);
            run.interrupt();

            assertThat(run.awaitExit(CTRL_C_LIMIT)).as("sluice ended within %s of Ctrl-C; stderr:%n%s",
                    CTRL_C_LIMIT, run.stderr()).isTrue();
            assertThat(run.stderr()).contains("Cancelling the running job").doesNotContain("Exception")
                    .doesNotContainPattern("\\n\\s+at ");
        }
    }

    @Test
    @Timeout(value = 3, unit = MINUTES)
    void aFlushStuckOnAFrozenServerIsReportedAndFailsAfterTheSocketTimeout() throws Exception {
        String table = sink.newTableName("frozen");
        sink.execute(SequenceJob.createTable(table));
        Path script = writeScript(SequenceJob.script(sink.jdbcOptions(table, FAST_FAILURE,
                "'connection.socket-timeout' = '4 s'", "'sink.flush.slow-threshold' = '1 s'",
                "'sink.buffer-flush.max-rows' = '100'")));
        Map<String, String> environment = sink.scriptEnvironment();
        environment.putAll(viaProxy());
        try (SluiceProcess run = SluiceProcess.start(environment, workDir, "run", script.toString())) {
            awaitRows(table, 500, run);
            proxy.freeze();

            assertThat(run.awaitExit(Duration.ofMinutes(2))).as("sluice ended; stderr:%n%s", run.stderr()).isTrue();
            String stderr = run.stderr();
            assertThat(run.exitCode()).as("exit code; stderr:%n%s", stderr).isNotZero();
            assertThat(stderr).containsPattern("database table '" + table + "'\\): a flush of \\d+ rows has been "
                    + "waiting \\d+\\.\\d s on the database so far");
            assertThat(stderr.substring(stderr.indexOf("ERROR:"))).contains("database table '" + table + "'");
        }
    }

    @Test
    @Timeout(value = 3, unit = MINUTES)
    void aServerThatAnswersAgainBeforeTheRetriesRunOutLeavesAnExactTable() throws Exception {
        String table = sink.newTableName("thawed");
        sink.execute(SequenceJob.createTable(table));
        String script = SequenceJob.script(sink.jdbcOptions(table, "'connection.connect-timeout' = '1 s'",
                "'connection.socket-timeout' = '1 s'", "'sink.max-retries' = '20'", "'sink.retry.backoff' = '100ms'",
                "'connection.max-retry-timeout' = '1 s'", "'sink.buffer-flush.max-rows' = '100'"));
        Future<CliRun> job = executor.submit(() -> runScript(script, viaProxy()));

        assertThat(SequenceJob.awaitRows(sink, table, SequenceJob.ROWS / 3, job)).isTrue();
        proxy.freeze();
        Thread.sleep(3_000);
        proxy.thaw();

        job.get(2, MINUTES).assertSucceeded();
        assertThat(SequenceJob.read(sink, table)).containsExactlyElementsOf(SequenceJob.expectedRows());
    }

    @Test
    @Timeout(value = 2, unit = MINUTES)
    void refusedFirstConnectionsAreRetried() throws Exception {
        proxy.refuseNext(2);
        String table = sink.newTableName("refused");

        runScript(SequenceJob.script(sink.jdbcOptions(table, "'sink.retry.backoff' = '100ms'")), viaProxy())
                .assertSucceeded();

        assertThat(SequenceJob.read(sink, table)).containsExactlyElementsOf(SequenceJob.expectedRows());
    }

    /** With auto-create the table's name first crosses in CREATE TABLE; without, in the primary-key check. */
    @ParameterizedTest(name = "auto-create {0}")
    @ValueSource(booleans = {true, false})
    @Timeout(value = 2, unit = MINUTES)
    void aConnectionCutWhileTheSinkOpensIsRetried(boolean autoCreate) throws Exception {
        String table = sink.newTableName("opened");
        if (!autoCreate) {
            sink.execute(SequenceJob.createTable(table));
        }
        proxy.cutOnceWhenClientSends(table);

        String options = sink.jdbcOptions(table, "'sink.retry.backoff' = '100ms'")
                .replace("'sink.auto-create' = 'true'", "'sink.auto-create' = '" + autoCreate + "'");
        runScript(SequenceJob.script(options), viaProxy()).assertSucceeded();

        assertThat(proxy.cuts()).isEqualTo(1);
        assertThat(SequenceJob.read(sink, table)).containsExactlyElementsOf(SequenceJob.expectedRows());
    }

    private Map<String, String> viaProxy() {
        return Map.of(SinkDatabase.URL_VARIABLE, proxy.rewrite(sink.database().jdbcUrl()));
    }

    private void awaitConnectionAttempt(SluiceProcess run) throws Exception {
        while (proxy.accepted() == 0) {
            assertThat(run.isAlive()).as("sluice still runs; stderr:%n%s", run.stderr()).isTrue();
            Thread.sleep(20);
        }
    }

    private void awaitRows(String table, long rows, SluiceProcess run) throws Exception {
        while (sink.count(table) < rows) {
            assertThat(run.isAlive()).as("sluice still runs; stderr:%n%s", run.stderr()).isTrue();
            Thread.sleep(20);
        }
    }
}
