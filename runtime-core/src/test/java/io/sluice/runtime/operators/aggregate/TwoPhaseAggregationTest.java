package io.sluice.runtime.operators.aggregate;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.call;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.countDistinct;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.countStar;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.groupAgg;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TwoPhaseAggregationTest {
    private static final int[] KEYS = {0};
    private static final List<AggregateCall> CALLS = List.of(countStar(),
            call(AggFunction.SUM, 1, LogicalType.intType(), LogicalType.intType()),
            call(AggFunction.AVG, 1, LogicalType.intType(), LogicalType.intType()),
            call(AggFunction.MIN, 1, LogicalType.intType(), LogicalType.intType()),
            call(AggFunction.MAX, 1, LogicalType.intType(), LogicalType.intType()),
            countDistinct(1, LogicalType.intType()));
    private static final List<List<Row>> BUNDLES = List.of(
            List.of(insert("a", 1), insert("b", 4), insert("a", 2), insert("a", 2)),
            List.of(delete("a", 1), insert("c", 7), delete("b", 4), insert("a", 10)),
            List.of(delete("a", 2), delete("c", 7), insert("c", null), delete("a", 10), delete("a", 2)));

    @Test
    void localAndGlobalEmitWhatOnePhaseMiniBatchEmits() throws Exception {
        var onePhase = SnapshottingHarness.of(() -> GroupAggOperator.of(groupAgg(KEYS, CALLS, true, true, 0)));
        var local = SnapshottingHarness.of(() -> new LocalGroupAggOperator(localNode()));
        var global = SnapshottingHarness.of(() -> GroupAggOperator.global(globalNode()));
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();

        for (List<Row> bundle : BUNDLES) {
            onePhase.process(bundle.toArray(Row[]::new)).endOfBundle();
            expected.addAll(onePhase.takeOutput());
            local.process(bundle.toArray(Row[]::new)).endOfBundle();
            global.process(local.takeRows().toArray(Row[]::new)).endOfBundle();
            actual.addAll(global.takeOutput());
        }

        assertThat(byKey(actual)).isEqualTo(byKey(expected));
        assertThat(expected).containsExactly(
                "+I[a, 3, 5, 1, 1, 2, 2]", "+I[b, 1, 4, 4, 4, 4, 1]",
                "-U[a, 3, 5, 1, 1, 2, 2]", "+U[a, 3, 14, 4, 2, 10, 2]", "+I[c, 1, 7, 7, 7, 7, 1]",
                "-D[b, 1, 4, 4, 4, 4, 1]",
                "-D[a, 3, 14, 4, 2, 10, 2]", "-U[c, 1, 7, 7, 7, 7, 1]", "+U[c, 1, null, null, null, null, 0]");
    }

    /** The changes grouped by key, each key's in the order emitted: the order across keys is free. */
    private static List<String> byKey(List<String> changes) {
        return changes.stream().sorted(java.util.Comparator.comparing(change -> change.substring(3, 4))).toList();
    }

    @Test
    void localEmitsKeysThenRowCountThenPartialAccumulators() throws Exception {
        var local = SnapshottingHarness.of(() -> new LocalGroupAggOperator(localNode()));

        local.process(insert("a", 1), insert("a", 3)).endOfBundle();

        assertThat(local.takeOutput()).containsExactly("+I[a, 2, 2, 4, 2, 4, 2, {1=1, 3=1}, {1=1, 3=1}, {1=1, 3=1}]");
        assertThat(AccumulatorsGenerator.partialArity(CALLS)).isEqualTo(9);
    }

    private static ExecNodes.LocalGroupAggregate localNode() {
        return new ExecNodes.LocalGroupAggregate(1, null, KEYS, CALLS, AggregateNodes.outputType(1, CALLS),
                ChangelogMode.insertOnly());
    }

    private static ExecNodes.GlobalGroupAggregate globalNode() {
        return new ExecNodes.GlobalGroupAggregate(2, null, KEYS, CALLS, true, 0, AggregateNodes.outputType(1, CALLS),
                ChangelogMode.all());
    }
}
