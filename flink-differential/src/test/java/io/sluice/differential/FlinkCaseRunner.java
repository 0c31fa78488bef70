package io.sluice.differential;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

/**
 * Runs cases on Flink 2.3 in-process, many to one job (a job's start costs more than its cases), each
 * case its own pipeline at parallelism 1: one source reads the rows in order, and as the rows' times are
 * whole seconds each watermark step is emitted right behind the row that made it, as Flink's assigner
 * does when the step exceeds {@code pipeline.auto-watermark-interval}. So the answer follows from the
 * rows alone.
 */
final class FlinkCaseRunner {
    private static final TypeInformation<Row> ROW = Types.ROW_NAMED(new String[] {"k", "v", "ts"}, Types.STRING,
            Types.INT, Types.LOCAL_DATE_TIME);

    private FlinkCaseRunner() {
    }

    /** Each case's changelog, one {@code +I[...]} line a change, or {@code refused: message}. */
    static Map<Integer, List<String>> run(List<EventTimeCase> cases) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(1);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        Map<Integer, List<String>> results = new HashMap<>();
        DataStream<String> all = null;
        for (int i = 0; i < cases.size(); i++) {
            EventTimeCase c = cases.get(i);
            results.put(i, new ArrayList<>());
            String name = "t" + i;
            DataStream<Row> changes;
            try {
                tables.createTemporaryView(name, table(env, tables, c));
                changes = tables.toChangelogStream(tables.sqlQuery(c.queryOver(name)));
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

    private static Table table(StreamExecutionEnvironment env, StreamTableEnvironment tables, EventTimeCase c) {
        List<Row> rows = c.rows().stream().map(r -> Row.ofKind(kind(r.kind()), r.k(), r.v(), r.ts())).toList();
        DataStream<Row> stream = env.fromData(rows, ROW);
        Schema.Builder schema = Schema.newBuilder()
                .column("k", c.source() == EventTimeCase.Source.UPSERT ? DataTypes.STRING().notNull()
                        : DataTypes.STRING())
                .column("v", DataTypes.INT()).column("ts", DataTypes.TIMESTAMP(3)).watermark("ts", c.watermark());
        return switch (c.source()) {
            case INSERT_ONLY -> tables.fromDataStream(stream, schema.build());
            case RETRACT -> tables.fromChangelogStream(stream, schema.build(), ChangelogMode.all());
            case UPSERT -> tables.fromChangelogStream(stream, schema.primaryKey("k").build(), ChangelogMode.upsert());
        };
    }
}
