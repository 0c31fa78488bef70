package io.sluice.bench.sink;

import io.sluice.api.connector.FactoryContext;
import io.sluice.api.connector.SinkContext;
import io.sluice.api.connector.SinkWriter;
import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.options.TableOptions;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.bench.sink.SinkDatabase.Strategy;
import io.sluice.jdbc.JdbcDynamicTableFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes an upsert changelog into a database through the jdbc connector exactly as a job does
 * ({@link JdbcDynamicTableFactory} -> {@code createSink} -> {@code createWriter} -> {@code write} ...
 * {@code flush}), then checks the final table against the changelog's model. The clock runs from the
 * first write until the last flush committed; generating the changes and opening the writer are outside.
 * The writing thread's CPU time over the same span is the sink's own cost, without the database's.
 */
public final class SinkBenchmark {

    /**
     * What to write.
     *
     * @param changes     changes in the changelog
     * @param keys        size of the key space
     * @param maxRows     {@code sink.buffer-flush.max-rows}
     * @param deleteShare share of changes that delete a key
     * @param seed        makes the changelog reproducible
     */
    public record Workload(int changes, int keys, int maxRows, double deleteShare, long seed) {
    }

    private SinkBenchmark() {
    }

    /**
     * Runs {@code workload} into {@code database} with {@code strategy}, in a table of its own that is
     * dropped afterwards.
     *
     * @throws IllegalStateException when the final table differs from the changelog's model
     */
    public static SinkResult run(SinkDatabase database, Strategy strategy, Workload workload) throws Exception {
        UpsertChangelog changelog = new UpsertChangelog(workload.seed(), workload.keys(), workload.deleteShare());
        Row[] changes = new Row[workload.changes()];
        long deletes = 0;
        for (int i = 0; i < changes.length; i++) {
            changes[i] = changelog.next();
            deletes += changes[i].kind() == RowKind.DELETE ? 1 : 0;
        }
        String table = "bench_sink_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        try {
            SinkResult.Timing timing = write(database, strategy, workload, table, changes);
            int rows;
            try (Connection connection = database.connect()) {
                rows = FinalTable.verify(connection, table, changelog.expectedTable());
            }
            return new SinkResult(database.name(), strategy.name(), workload.changes(), deletes, rows, timing);
        } finally {
            dropTable(database, table);
        }
    }

    private static SinkResult.Timing write(SinkDatabase database, Strategy strategy, Workload workload,
            String table, Row[] changes) throws Exception {
        SinkContext context = new SinkContext("sink-benchmark", 0, 1, failure -> { });
        try (SinkWriter writer = new JdbcDynamicTableFactory()
                .createSink(factoryContext(database, strategy, workload, table)).createWriter(context)) {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            JdbcCalls.reset();
            long cpuStart = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            for (Row change : changes) {
                writer.write(change);
            }
            writer.flush();
            long nanos = System.nanoTime() - start;
            long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
            return new SinkResult.Timing(nanos, cpuNanos, writer.metrics(), JdbcCalls.counts());
        }
    }

    private static FactoryContext factoryContext(SinkDatabase database, Strategy strategy, Workload workload,
            String table) {
        Map<String, String> options = new HashMap<>();
        options.put("connector", "jdbc");
        options.put("url", database.url());
        options.put("table-name", table);
        options.put("driver", strategy.driver().getName());
        options.put("sink.auto-create", "true");
        options.put("sink.buffer-flush.max-rows", Integer.toString(workload.maxRows()));
        // Every flush is then a max-rows flush (plus the last one), so per-flush figures mean one thing.
        options.put("sink.buffer-flush.interval", "0");
        options.putAll(strategy.options());
        if (database.user() != null) {
            options.put("username", database.user());
        }
        if (database.password() != null) {
            options.put("password", database.password());
        }
        ObjectIdentifier identifier = ObjectIdentifier.of(table);
        return new FactoryContext(identifier, UpsertChangelog.schema(), new TableOptions(identifier, options),
                Map.of());
    }

    private static void dropTable(SinkDatabase database, String table) throws SQLException {
        try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
        }
    }
}
