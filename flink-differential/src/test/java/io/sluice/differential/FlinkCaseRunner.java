package io.sluice.differential;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;

/**
 * Runs cases on Flink 2.3 in-process, many to one job (a job's start costs more than its cases), each
 * case its own pipeline at parallelism 1: one source reads the rows in order, and as the rows' times are
 * whole seconds each watermark step is emitted right behind the row that made it, as Flink's assigner
 * does when the step exceeds {@code pipeline.auto-watermark-interval}. A table a case reads twice
 * (a self-join) is read a row per checkpoint, so that the join takes each row on both sides before the
 * next ({@link CheckpointPacedSource}). So the answer follows from the rows alone.
 */
final class FlinkCaseRunner {
    /** The smallest interval Flink takes: a case that reads a table twice reads it a row per checkpoint. */
    private static final long CHECKPOINT_INTERVAL_MILLIS = 10;
    private FlinkCaseRunner() {
    }

    /**
     * Each case's changelog, one {@code +I[...]} line a change, {@code refused: message} or, when its job
     * failed, {@code failed: message}. A failed job's cases run again one to a job, so that one case's
     * failure names that case alone.
     */
    static Map<Integer, List<String>> run(List<EventTimeCase> cases) throws Exception {
        try {
            return runInOneJob(cases);
        } catch (Exception e) {
            if (cases.size() == 1) {
                return Map.of(0, List.of("failed: " + ExceptionUtils.stringifyException(rootCause(e)).lines()
                        .findFirst().orElse("")));
            }
        }
        Map<Integer, List<String>> results = new HashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            results.put(i, run(List.of(cases.get(i))).get(0));
        }
        return results;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static Map<Integer, List<String>> runInOneJob(List<EventTimeCase> cases) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        if (cases.stream().anyMatch(EventTimeCase::selfJoin)) {
            env.enableCheckpointing(CHECKPOINT_INTERVAL_MILLIS);
        }
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        Map<Integer, List<String>> results = new HashMap<>();
        DataStream<String> all = null;
        for (int i = 0; i < cases.size(); i++) {
            EventTimeCase c = cases.get(i);
            results.put(i, new ArrayList<>());
            String suffix = "_" + i;
            DataStream<Row> changes;
            try {
                for (EventTimeCase.Table table : c.tables()) {
                    tables.createTemporaryView(table.name() + suffix, table(env, tables, table,
                            c.selfJoin()));
                }
                changes = tables.toChangelogStream(tables.sqlQuery(c.queryWithSuffix(suffix)));
            } catch (RuntimeException e) {
                results.get(i).add("refused: " + e.getMessage());
                continue;
            }
            int index = i;
            DataStream<String> tagged = changes.map(row -> index + "\t" + row).returns(Types.STRING);
            all = all == null ? tagged : all.union(tagged);
        }
        if (all != null) {
            try (CloseableIterator<String> lines = all.executeAndCollect()) {
                lines.forEachRemaining(line -> {
                    int tab = line.indexOf('\t');
                    results.get(Integer.parseInt(line.substring(0, tab))).add(line.substring(tab + 1));
                });
            }
        }
        return results;
    }

    private static RowKind kind(String shortString) {
        for (RowKind kind : RowKind.values()) {
            if (kind.shortString().equals(shortString)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("no row kind " + shortString);
    }

    private static Table table(StreamExecutionEnvironment env, StreamTableEnvironment tables,
                               EventTimeCase.Table table, boolean paced) {
        TypeInformation<Row> type = Types.ROW_NAMED(new String[] {"k", table.value(), "ts"}, Types.STRING, Types.INT,
                Types.LOCAL_DATE_TIME);
        List<Row> rows = table.rows().stream().map(r -> Row.ofKind(kind(r.kind()), r.k(), r.v(), r.ts())).toList();
        // A source cannot read an empty list: an empty table reads one row and drops it.
        List<Row> read = rows.isEmpty() ? List.of(Row.of(null, null, null)) : rows;
        DataStream<Row> stream = paced ? env.fromSource(new CheckpointPacedSource<>(read, type, env.getConfig()),
                WatermarkStrategy.noWatermarks(), table.name()) : env.fromData(read, type);
        if (rows.isEmpty()) {
            stream = stream.filter(row -> false).returns(type);
        }
        Schema.Builder schema = Schema.newBuilder()
                .column("k", table.keyed() ? DataTypes.STRING().notNull() : DataTypes.STRING())
                .column(table.value(), DataTypes.INT()).column("ts", DataTypes.TIMESTAMP(3));
        if (table.proctime()) {
            schema.columnByExpression("pt", "PROCTIME()");
        }
        schema.watermark("ts", table.watermark());
        if (table.keyed()) {
            schema.primaryKey("k");
        }
        return switch (table.source()) {
            case INSERT_ONLY -> tables.fromDataStream(stream, schema.build());
            case RETRACT -> tables.fromChangelogStream(stream, schema.build(), ChangelogMode.all());
            case UPSERT -> tables.fromChangelogStream(stream, schema.build(), ChangelogMode.upsert());
        };
    }
}
