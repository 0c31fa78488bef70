package io.sluice.jdbc;

import static io.sluice.api.data.RowKind.DELETE;
import static io.sluice.api.data.RowKind.INSERT;
import static io.sluice.api.data.RowKind.UPDATE_AFTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the jdbc sink must do against a real database, whatever the dialect. A dialect module subclasses
 * it with where its database is and how to find and kill a connection there.
 */
public abstract class JdbcSinkDatabaseSuite {
    private static final LogicalType WORD = LogicalType.varchar(32);
    private static final TableSchema WORD_COUNTS = schema(List.of("word"), column("word", WORD),
            column("cnt", LogicalType.bigint()));

    private final List<String> tables = new ArrayList<>();
    private final List<Throwable> reportedFailures = new CopyOnWriteArrayList<>();

    protected abstract String jdbcUrl();

    protected abstract String username();

    protected abstract String password();

    /**
     * The id of another session running a statement on {@code table} right now, if any. {@code admin} is
     * in autocommit mode, so each call sees the current state.
     */
    protected abstract OptionalLong connectionWritingTo(Connection admin, String table) throws SQLException;

    /** Ends the session {@code connectionId}, as an administrator or a failing network would. */
    protected abstract void kill(Connection admin, long connectionId) throws SQLException;

    /** What follows the column list of the suite's own {@code CREATE TABLE}: keys compared exactly. */
    protected String tableOptions() {
        return "";
    }

    /** A string key column type the database compares less exactly than the sink, and how it says why. */
    public record LooseKey(String columnType, String why) {
    }

    protected abstract LooseKey looseKey(Connection admin) throws SQLException;

    @AfterEach
    public void dropTables() throws SQLException {
        try (Connection connection = open(); Statement statement = connection.createStatement()) {
            for (String table : tables) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    @Test
    public void anAggregateChangelogEndsAsTheLatestCountPerKey() throws Exception {
        String table = createTable("words", "word VARCHAR(32) NOT NULL, cnt BIGINT, PRIMARY KEY (word)");
        TableSchema schema = WORD_COUNTS;
        try (SinkWriter writer = writer(table, schema, "sink.buffer-flush.max-rows", "2")) {
            writer.write(Row.of(INSERT, "a", 1L));
            writer.write(Row.of(INSERT, "b", 1L));
            writer.write(Row.of(UPDATE_AFTER, "a", 2L));
            writer.snapshot(1);
            writer.write(Row.of(INSERT, "c", 1L));
            writer.write(Row.of(UPDATE_AFTER, "a", 3L));
            writer.write(Row.of(UPDATE_AFTER, "b", 2L));
            writer.write(Row.of(DELETE, "c", 1L));
        }

        assertThat(readBack(table, schema)).containsExactlyInAnyOrder(Row.insert("a", 3L), Row.insert("b", 2L));
        assertThat(reportedFailures).isEmpty();
    }

    @Test
    public void compositeKeysKeepRowsThatShareOneKeyColumnApart() throws Exception {
        String table = createTable("orders", "tenant INT NOT NULL, id BIGINT NOT NULL, amount DECIMAL(10, 2), "
                + "PRIMARY KEY (tenant, id)");
        TableSchema schema = schema(List.of("tenant", "id"), column("tenant", LogicalType.intType()),
                column("id", LogicalType.bigint()), column("amount", LogicalType.decimal(10, 2)));
        try (SinkWriter writer = writer(table, schema)) {
            writer.write(Row.of(INSERT, 1, 1001L, new BigDecimal("80.00")));
            writer.write(Row.of(INSERT, 2, 1001L, new BigDecimal("90.00")));
            writer.snapshot(1);
            writer.write(Row.of(UPDATE_AFTER, 1, 1001L, new BigDecimal("100.00")));
            writer.write(Row.of(DELETE, 2, 1001L, new BigDecimal("90.00")));
            writer.write(Row.of(INSERT, 2, 1002L, new BigDecimal("5.50")));
        }

        assertThat(readBack(table, schema)).containsExactlyInAnyOrder(
                Row.insert(1, 1001L, new BigDecimal("100.00")), Row.insert(2, 1002L, new BigDecimal("5.50")));
    }

    @Test
    public void nullsInNonKeyColumnsAreWrittenAndOverwritten() throws Exception {
        String table = createTable("nullable", "id BIGINT NOT NULL, name VARCHAR(20), score DOUBLE PRECISION, "
                + "PRIMARY KEY (id)");
        TableSchema schema = schema(List.of("id"), column("id", LogicalType.bigint()),
                column("name", LogicalType.varchar(20)), column("score", LogicalType.doubleType()));
        try (SinkWriter writer = writer(table, schema)) {
            writer.write(Row.of(INSERT, 1L, null, null));
            writer.write(Row.of(INSERT, 2L, "two", 2.5));
            writer.snapshot(1);
            writer.write(Row.of(UPDATE_AFTER, 2L, null, 3.5));
        }

        assertThat(readBack(table, schema)).containsExactlyInAnyOrder(
                Row.insert(1L, null, null), Row.insert(2L, null, 3.5));
    }

    @Test
    public void autoCreateMakesTheTableFromTheDeclaredSchema() throws Exception {
        String table = uniqueName("created");
        tables.add(table);
        TableSchema schema = schema(List.of("id"), column("id", LogicalType.bigint()),
                column("name", LogicalType.varchar(20)));
        try (SinkWriter writer = writer(table, schema, "sink.auto-create", "true")) {
            writer.write(Row.of(INSERT, 1L, "one"));
        }

        assertThat(readBack(table, schema)).containsExactly(Row.insert(1L, "one"));
    }

    @Test
    public void keysThatDifferOnlyInTrailingSpacesOrCaseStayApartInACreatedTable() throws Exception {
        String table = uniqueName("spaces");
        tables.add(table);
        TableSchema schema = WORD_COUNTS;
        try (SinkWriter writer = writer(table, schema, "sink.auto-create", "true")) {
            writer.write(Row.of(INSERT, "a", 0L));
            writer.write(Row.of(INSERT, "a ", 1L));
            writer.write(Row.of(INSERT, "A", 2L));
            writer.snapshot(1);
            writer.write(Row.of(DELETE, "a ", 1L));
            writer.write(Row.of(DELETE, "A", 2L));
        }

        assertThat(readBack(table, schema)).containsExactly(Row.insert("a", 0L));
    }

    @Test
    public void aTableWhoseKeyMergesDistinctValuesIsRefusedNamingTheColumnAndWhy() throws Exception {
        LooseKey loose;
        try (Connection admin = open()) {
            loose = looseKey(admin);
        }
        String table = createTable("loose", "word " + loose.columnType() + " NOT NULL, cnt BIGINT, PRIMARY KEY (word)");
        TableSchema schema = WORD_COUNTS;

        assertThat(catchThrowable(() -> writer(table, schema).close()))
                .hasMessageContaining("Table '" + table + "' compares its key less exactly than the sink (column "
                        + "'word': " + loose.why())
                .hasMessageContaining("or set 'sink.key-collation-check' = 'warn'");

        try (SinkWriter writer = writer(table, schema, "sink.key-collation-check", "warn")) {
            writer.write(Row.of(INSERT, "a", 1L));
        }
        assertThat(readBack(table, schema)).containsExactly(Row.insert("a", 1L));
    }

    @Test
    public void twoPhaseCommitsApplyEachCheckpointOnceAndFenceOffAnOlderAttempt() throws Exception {
        String table = createTable("two_phase", "word VARCHAR(32) NOT NULL, cnt BIGINT, PRIMARY KEY (word)");
        String progress = uniqueName("progress");
        tables.add(progress);
        TableSchema schema = WORD_COUNTS;
        TwoPhaseJdbcSink sink = (TwoPhaseJdbcSink) new JdbcDynamicTableFactory().createSink(context(table, schema,
                "sink.delivery-guarantee", "exactly-once", "sink.progress-table", progress));
        CheckpointBuffer buffer = sink.newCheckpointBuffer();
        buffer.add(Row.of(INSERT, "a", 1L));
        buffer.add(Row.of(UPDATE_AFTER, "a", 2L));
        SealedBatch checkpoint1 = buffer.seal();
        buffer.add(Row.of(INSERT, "b", 1L));
        SealedBatch checkpoint2 = buffer.seal();

        try (CheckpointCommits crashed = sink.openCheckpointCommits("suite-job", 0, 1, true)) {
            crashed.commit(checkpoint1, 1);
            try (CheckpointCommits restored = sink.openCheckpointCommits("suite-job", 0, 1, false)) {
                assertThat(catchThrowable(() -> crashed.commit(checkpoint2, 2))).as("the older attempt")
                        .isInstanceOf(JdbcSinkException.class).hasMessageContaining("fenced");
                assertThat(restored.lastCommitted()).isEqualTo(1);
                restored.commit(checkpoint1, 1);
                restored.commit(checkpoint2, 2);
            }
        }

        assertThat(readBack(table, schema)).containsExactlyInAnyOrder(Row.insert("a", 2L), Row.insert("b", 1L));
        try (Connection connection = open(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT checkpoint_id, epoch FROM " + progress)) {
            assertThat(row.next()).isTrue();
            assertThat(List.of(row.getLong(1), row.getLong(2))).as("checkpoint, epoch").containsExactly(2L, 2L);
        }
    }

    @Test
    public void theSourceResumesAfterTheRowsItHadRead() throws Exception {
        String table = createTable("resumed", "id BIGINT NOT NULL, PRIMARY KEY (id)");
        TableSchema schema = schema(List.of("id"), column("id", LogicalType.bigint()));
        try (SinkWriter writer = writer(table, schema)) {
            for (long id = 1; id <= 5; id++) {
                writer.write(Row.of(INSERT, id));
            }
        }
        List<Row> rows = new ArrayList<>();
        var source = new JdbcDynamicTableFactory().createSource(context(table, schema));
        java.util.Map<String, Long> position;
        try (SourceReader first = source.createReader(0, 1)) {
            first.pollNext(rows::add);
            first.pollNext(rows::add);
            position = first.position();
        }
        try (SourceReader restored = source.createReader(0, 1); SourceReader other = source.createReader(1, 2)) {
            restored.seek(position);
            while (restored.pollNext(rows::add) != SourceReader.Status.END_OF_INPUT) {
                assertThat(rows.size()).as("rows read back").isLessThan(10);
            }
            assertThat(other.pollNext(rows::add)).isEqualTo(SourceReader.Status.END_OF_INPUT);
        }

        assertThat(position).isEqualTo(java.util.Map.of(SourceReader.ROWS, 2L));
        assertThat(rows).hasSize(5).containsExactlyInAnyOrderElementsOf(readBack(table, schema));
    }

    @Test
    public void aConnectionKilledMidFlushIsReplacedAndTheFlushRetried() throws Exception {
        String table = createTable("killed", "id BIGINT NOT NULL, v BIGINT, PRIMARY KEY (id)");
        TableSchema schema = schema(List.of("id"), column("id", LogicalType.bigint()), column("v", LogicalType.bigint()));
        try (SinkWriter writer = writer(table, schema, "sink.buffer-flush.max-rows", "0",
                "sink.buffer-flush.interval", "0", "sink.retry.backoff", "10 ms")) {
            writeAll(writer, INSERT, 1L);
            writer.snapshot(1);
            try (Connection locker = open(); Connection admin = open()) {
                locker.setAutoCommit(false);
                try (Statement lock = locker.createStatement()) {
                    lock.executeQuery("SELECT v FROM " + table + " WHERE id = 1 FOR UPDATE").close();
                }
                writeAll(writer, UPDATE_AFTER, 2L);
                CompletableFuture<Void> flush = CompletableFuture.runAsync(() -> snapshot(writer, 2));
                kill(admin, awaitWaitingConnection(admin, table, flush));
                locker.rollback();
                flush.get(60, TimeUnit.SECONDS);
            }
            assertThat(writer.metrics().get("retries.connection")).isEqualTo(1);
        }

        List<Row> expected = new ArrayList<>();
        for (long id = 1; id <= 10; id++) {
            expected.add(Row.insert(id, 2L));
        }
        assertThat(readBack(table, schema)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    public void aValueTooLongFailsNamingTheKeyAndColumnAndCommitsNothing() throws Exception {
        valueTooLongFailsNamingTheKeyAndColumn();
    }

    @Test
    public void textWithALoneSurrogateIsRefusedNamingTheKeyAndColumnNotStoredAsAQuestionMark() throws Exception {
        String table = createTable("surrogates", "id BIGINT NOT NULL, name VARCHAR(20), PRIMARY KEY (id)");
        TableSchema schema = schema(List.of("id"), column("id", LogicalType.bigint()), column("name", LogicalType.string()));
        SinkWriter writer = writer(table, schema);
        writer.write(Row.of(INSERT, 1L, "pair \ud83d\ude00 kept"));
        writer.snapshot(1);
        writer.write(Row.of(INSERT, 2L, "a\ud800b"));

        Throwable failure = catchThrowable(() -> writer.snapshot(2));
        assertThat(catchThrowable(writer::close)).isSameAs(failure);

        assertThat(failure).isInstanceOf(JdbcSinkException.class).hasMessageContaining(table)
                .hasMessageContaining("the row with key (id=2), column 'name', holds a lone UTF-16 surrogate "
                        + "(\\ud800 at character 2)");
        assertThat(readBack(table, schema)).containsExactly(Row.insert(1L, "pair \ud83d\ude00 kept"));
    }

    /** Halves of two rows or more go through the bulk path while the search narrows down the row. */
    @Test
    public void theBulkPathFindsTheRejectedRowToo() throws Exception {
        valueTooLongFailsNamingTheKeyAndColumn("sink.bulk-write.min-rows", "2");
    }

    @Test
    public void theBulkPathUpsertsAndDeletesByCompositeKey() throws Exception {
        String table = createTable("bulk_orders", "tenant INT NOT NULL, id BIGINT NOT NULL, amount DECIMAL(10, 2), "
                + "note VARCHAR(20), PRIMARY KEY (tenant, id)");
        TableSchema schema = schema(List.of("tenant", "id"), column("tenant", LogicalType.intType()),
                column("id", LogicalType.bigint()), column("amount", LogicalType.decimal(10, 2)),
                column("note", LogicalType.string()));
        List<Row> expected = new ArrayList<>();
        try (SinkWriter writer = writer(table, schema, "sink.bulk-write.min-rows", "3",
                "sink.buffer-flush.max-rows", "0")) {
            for (long id = 1; id <= 40; id++) {
                writer.write(Row.of(INSERT, (int) (id % 3), id, new BigDecimal(id + ".25"), "n" + id));
            }
            writer.snapshot(1);
            for (long id = 1; id <= 40; id++) {
                int tenant = (int) (id % 3);
                if (id % 4 == 0) {
                    writer.write(Row.of(DELETE, tenant, id, null, null));
                } else {
                    BigDecimal amount = id % 4 == 1 ? new BigDecimal("-" + id + ".5") : new BigDecimal(id + ".25");
                    String note = id % 4 == 2 ? null : "n" + id;
                    writer.write(Row.of(UPDATE_AFTER, tenant, id, amount, note));
                    expected.add(Row.insert(tenant, id, amount.setScale(2), note));
                }
            }
        }

        assertThat(readBack(table, schema)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(reportedFailures).isEmpty();
    }

    private void valueTooLongFailsNamingTheKeyAndColumn(String... options) throws Exception {
        String table = createTable("too_long", "id BIGINT NOT NULL, name VARCHAR(5), PRIMARY KEY (id)");
        TableSchema schema = schema(List.of("id"), column("id", LogicalType.bigint()), column("name", LogicalType.string()));
        SinkWriter writer = writer(table, schema, options);
        for (long id = 1; id <= 8; id++) {
            writer.write(Row.of(INSERT, id, id == 6 ? "much too long" : "ok"));
        }

        Throwable failure = catchThrowable(() -> writer.snapshot(1));
        assertThat(catchThrowable(writer::close)).as("close throws the failure too").isSameAs(failure);

        assertThat(failure).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining(table)
                .hasMessageContaining("key (id=6)")
                .hasMessageContaining("column 'name'");
        assertThat(readBack(table, schema)).isEmpty();
    }

    private long awaitWaitingConnection(Connection admin, String table, CompletableFuture<Void> flush)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && !flush.isDone()) {
            OptionalLong waiting = connectionWritingTo(admin, table);
            if (waiting.isPresent()) {
                return waiting.getAsLong();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("The sink never wrote to " + table + "; flush done: "
                + flush.isDone());
    }

    private static void writeAll(SinkWriter writer, io.sluice.api.data.RowKind kind, long value) throws Exception {
        for (long id = 1; id <= 10; id++) {
            writer.write(Row.of(kind, id, value));
        }
    }

    /** The user given in the URL is not shown as {@code as user 'null'}: the URL, masked, says who. */
    @Test
    public void aServerThatIsNotThereFailsNamingTheUrlWithItsUser() {
        String url = jdbcUrl().replaceFirst("//[^/]+", "//127.0.0.1:1").replaceFirst("[?;].*$", "")
                + "?user=alice&password=Never-Shown-1";
        ObjectIdentifier identifier = ObjectIdentifier.of("absent");
        TableSchema schema = schema(List.of("word"), column("word", WORD));
        Map<String, String> options = Map.of("connector", "jdbc", "url", url, "table-name", "absent",
                "sink.max-retries", "0");
        FactoryContext context = new FactoryContext(identifier, schema, new TableOptions(identifier, options), Map.of());

        Throwable failure = catchThrowable(() -> new JdbcDynamicTableFactory().createSink(context)
                .createWriter(new SinkContext("database-suite", 0, 1, reportedFailures::add)));

        assertThat(failure).isInstanceOf(JdbcSinkException.class)
                .hasMessageContaining("(database table 'absent'): cannot connect to "
                        + url.replace("Never-Shown-1", "******") + ": ")
                .hasMessageNotContaining("null").hasMessageNotContaining("Never-Shown-1");
    }

    private static void snapshot(SinkWriter writer, long checkpointId) {
        try {
            writer.snapshot(checkpointId);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private SinkWriter writer(String table, TableSchema schema, String... options) throws Exception {
        return new JdbcDynamicTableFactory().createSink(context(table, schema, options))
                .createWriter(new SinkContext("database-suite", 0, 1, reportedFailures::add));
    }

    private List<Row> readBack(String table, TableSchema schema) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (SourceReader reader = new JdbcDynamicTableFactory().createSource(context(table, schema))
                .createReader(0, 1)) {
            while (reader.pollNext(rows::add) != SourceReader.Status.END_OF_INPUT) {
                assertThat(rows.size()).as("rows read back").isLessThan(10_000);
            }
        }
        return rows;
    }

    private FactoryContext context(String table, TableSchema schema, String... keysAndValues) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "jdbc", "url", jdbcUrl(), "table-name", table));
        if (username() != null) {
            options.put("username", username());
        }
        if (password() != null) {
            options.put("password", password());
        }
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        ObjectIdentifier identifier = ObjectIdentifier.of(table);
        return new FactoryContext(identifier, schema, new TableOptions(identifier, options), Map.of());
    }

    private String createTable(String prefix, String columns) throws SQLException {
        String table = uniqueName(prefix);
        tables.add(table);
        try (Connection connection = open(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + table + " (" + columns + ")" + tableOptions());
        }
        return table;
    }

    private Connection open() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), username(), password());
    }

    private static String uniqueName(String prefix) {
        return "sink_" + prefix + "_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    }

    private static Column column(String name, LogicalType type) {
        return new Column(name, type);
    }

    private static TableSchema schema(List<String> key, Column... columns) {
        return TableSchema.of(List.of(columns), key, null);
    }
}
