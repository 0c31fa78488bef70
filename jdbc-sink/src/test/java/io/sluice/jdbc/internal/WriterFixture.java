package io.sluice.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;


import io.sluice.api.connector.SinkContext;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.TableDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A {@link JdbcSinkWriter} of table {@code orders (id BIGINT, amount INT, status STRING)} over a
 * {@link FakeDatabase}, with a manual timer and a sleeper that only records.
 */
final class WriterFixture {
    static final List<Column> COLUMNS = List.of(new Column("id", LogicalType.bigint().notNull()),
            new Column("amount", LogicalType.intType()), new Column("status", LogicalType.string()));

    final FakeDatabase database;
    final ChangeBuffer buffer;
    final ManualFlushTimer timer = new ManualFlushTimer();
    final List<Duration> sleeps = new ArrayList<>();
    final List<Throwable> reportedFailures = new CopyOnWriteArrayList<>();
    final SinkMetrics metrics = new SinkMetrics();
    final JdbcSinkWriter writer;
    boolean released;

    private WriterFixture(boolean keyed, int maxRows, int maxRetries, boolean transactional, boolean pipelined) {
        TableDefinition definition = new TableDefinition("orders", COLUMNS, keyed ? List.of("id") : List.of());
        SinkTable table = new SinkTable("JDBC table 'orders'", definition);
        database = keyed ? new FakeDatabase(0) : new FakeDatabase();
        buffer = keyed ? new ReduceBuffer(table.keyIndexes()) : new AppendBuffer(table.label());
        RetryPolicy retries = new RetryPolicy(maxRetries, Duration.ofMillis(100), Duration.ofSeconds(60),
                sleeps::add);
        ChangeWriter changeWriter = new ChangeWriter(table, database.writer(), database, retries, transactional,
                metrics, new ColumnDiagnosis(table.columnNames(), "orders"),
                new SlowFlushWarning(table.label(), Duration.ZERO));
        writer = new JdbcSinkWriter(buffer, changeWriter, maxRows, pipelined, timer, "test-flush",
                new SinkContext("job", 0, 1, reportedFailures::add), metrics, () -> released = true);
    }

    static WriterFixture keyed(int maxRows) {
        return new WriterFixture(true, maxRows, 3, true, true);
    }

    static WriterFixture keyed(int maxRows, int maxRetries, boolean transactional) {
        return new WriterFixture(true, maxRows, maxRetries, transactional, true);
    }

    /** A keyed writer with {@code sink.buffer-flush.pipelined} off. */
    static WriterFixture synchronous(int maxRows) {
        return new WriterFixture(true, maxRows, 3, true, false);
    }

    static WriterFixture appendOnly(int maxRows) {
        return new WriterFixture(false, maxRows, 3, true, true);
    }

    /** Writes {@code rows}, given as {@code kind, id, amount, status} quadruples. */
    void write(Object... kindsAndFields) throws Exception {
        for (int i = 0; i < kindsAndFields.length; i += 4) {
            writer.write(row((RowKind) kindsAndFields[i], (Long) kindsAndFields[i + 1],
                    (Integer) kindsAndFields[i + 2], (String) kindsAndFields[i + 3]));
        }
    }

    static Row row(RowKind kind, long id, Integer amount, String status) {
        return Row.of(kind, id, amount, status);
    }

    /** Waits until the database has seen {@code count} commits: flushes run on the writer's own thread. */
    void awaitCommits(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (database.commits < count) {
            assertThat(System.nanoTime()).as("%d commits within 10 s, seen %d", count, database.commits)
                    .isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    /** Waits until the writer reported a failure of its flushing thread. */
    Throwable awaitReportedFailure() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (reportedFailures.isEmpty()) {
            assertThat(System.nanoTime()).as("a failure reported within 10 s").isLessThan(deadline);
            Thread.sleep(1);
        }
        return reportedFailures.get(0);
    }

    long metric(String name) {
        return writer.metrics().get(name);
    }
}
