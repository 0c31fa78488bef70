package io.sluice.runtime.execution;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.table.Column;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.table.TableSchema;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.ExecNode;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.GeneratedClass;
import io.sluice.runtime.plan.RowType;
import java.util.List;
import java.util.Map;

/** Plan nodes over {@code test-table} tables of one STRING column {@code word}, as the planner builds them. */
final class TestPlans {
    static final RowType WORD = new RowType(List.of("word"), List.of(LogicalType.string()));
    static final RowType WORD_COUNT = new RowType(List.of("word", "cnt"),
            List.of(LogicalType.string(), LogicalType.bigint()));

    private TestPlans() {
    }

    static ExecNodes.Source source(int id, String table) {
        return new ExecNodes.Source(id, ObjectIdentifier.of(table), schema(WORD), options(table), new int[] {0}, WORD,
                ChangelogMode.insertOnly());
    }

    static ExecNodes.Exchange hash(int id, ExecNode input, int... keys) {
        return new ExecNodes.Exchange(id, input, ExecNodes.Distribution.HASH, keys, input.outputType(),
                input.changelogMode());
    }

    static ExecNodes.Exchange singleton(int id, ExecNode input) {
        return new ExecNodes.Exchange(id, input, ExecNodes.Distribution.SINGLETON, new int[0], input.outputType(),
                input.changelogMode());
    }

    /** A count per word; the tests run it with {@link CountPerKeyOperator}. */
    static ExecNodes.GroupAggregate countPerWord(int id, ExecNode input) {
        return new ExecNodes.GroupAggregate(id, input, new int[] {0}, List.of(), true, false, 0, WORD_COUNT,
                ChangelogMode.all());
    }

    static ExecNodes.MiniBatchAssigner miniBatch(int id, ExecNode input, long size) {
        return new ExecNodes.MiniBatchAssigner(id, input, 3_600_000, size, input.outputType(), input.changelogMode());
    }

    /** Upper-cases the word and drops the word {@code skip}. */
    static ExecNodes.Calc upperCaseWithoutSkip(int id, ExecNode input) {
        String source = """
                public class UpperCalc implements io.sluice.runtime.codegen.CalcFunction {
                    public io.sluice.api.data.Row apply(io.sluice.api.data.Row in) {
                        String word = (String) in.field(0);
                        if ("skip".equals(word)) {
                            return null;
                        }
                        return new io.sluice.api.data.Row(in.kind(), new Object[] {word.toUpperCase()});
                    }
                }
                """;
        return new ExecNodes.Calc(id, input, new GeneratedClass("UpperCalc", source), "upper", WORD,
                input.changelogMode());
    }

    /** A watermark expression reading the word as seconds since the epoch (UTC). */
    static GeneratedClass secondsAsTimestamp() {
        String source = """
                public class SecondsCalc implements io.sluice.runtime.codegen.CalcFunction {
                    public io.sluice.api.data.Row apply(io.sluice.api.data.Row in) {
                        long seconds = Long.parseLong((String) in.field(0));
                        return io.sluice.api.data.Row.insert(new Object[] {
                                java.time.LocalDateTime.ofEpochSecond(seconds, 0, java.time.ZoneOffset.UTC)});
                    }
                }
                """;
        return new GeneratedClass("SecondsCalc", source);
    }

    static ExecNodes.Sink sink(int id, ExecNode input, String table) {
        return new ExecNodes.Sink(id, input, ObjectIdentifier.of(table), schema(input.outputType()), options(table),
                input.outputType(), input.changelogMode());
    }

    static ExecNodes.Collect collect(int id, ExecNode input) {
        return new ExecNodes.Collect(id, input, input.outputType(), input.changelogMode());
    }

    private static TableSchema schema(RowType type) {
        return TableSchema.of(java.util.stream.IntStream.range(0, type.arity())
                .mapToObj(i -> new Column(type.names().get(i), type.types().get(i))).toList());
    }

    private static Map<String, String> options(String table) {
        return Map.of("connector", "test-table", "name", table);
    }
}
