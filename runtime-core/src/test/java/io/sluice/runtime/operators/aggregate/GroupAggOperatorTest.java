package io.sluice.runtime.operators.aggregate;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static io.sluice.runtime.operators.SnapshottingHarness.updateBefore;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.call;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.countDistinct;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.countStar;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.groupAgg;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GroupAggOperatorTest {
    static final Row[] WORDS = {insert("a"), insert("a"), insert("b"), insert("a"), insert("c"), insert("b")};

    static SnapshottingHarness<GroupAggOperator> harness(ExecNodes.GroupAggregate node) throws Exception {
        return SnapshottingHarness.of(() -> GroupAggOperator.of(node));
    }

    @Test
    void wordCountEmitsSeedQ1Changelog() throws Exception {
        var words = harness(groupAgg(new int[] {0}, countStar())).process(WORDS);

        assertThat(words.takeOutput()).containsExactly("+I[a, 1]", "-U[a, 1]", "+U[a, 2]", "+I[b, 1]",
                "-U[a, 2]", "+U[a, 3]", "+I[c, 1]", "-U[b, 1]", "+U[b, 2]");
    }

    @Test
    void nestedCountEmitsSeedQ2Changelog() throws Exception {
        var words = harness(groupAgg(new int[] {0}, countStar())).process(WORDS);
        var counts = harness(groupAgg(new int[] {1}, countStar()));

        counts.process(words.takeRows().toArray(Row[]::new));

        assertThat(counts.takeOutput()).containsExactly("+I[1, 1]", "-D[1, 1]", "+I[2, 1]", "+I[1, 1]",
                "-D[2, 1]", "+I[3, 1]", "-U[1, 1]", "+U[1, 2]", "-U[1, 2]", "+U[1, 1]", "+I[2, 1]");
    }

    @Test
    void withoutUpdateBeforeOnlyUpdateAfterIsEmitted() throws Exception {
        var words = harness(groupAgg(new int[] {0}, List.of(countStar()), false, false, 0))
                .process(insert("a"), insert("a"));

        assertThat(words.takeOutput()).containsExactly("+I[a, 1]", "+U[a, 2]");
    }

    @Test
    void retractionOfUnknownKeyIsDropped() throws Exception {
        var counts = harness(groupAgg(new int[] {0}, countStar())).process(delete("a"), insert("a"));

        assertThat(counts.takeOutput()).containsExactly("+I[a, 1]");
    }

    @Test
    void unchangedResultEmitsNothing() throws Exception {
        var max = harness(groupAgg(new int[] {0},
                call(AggFunction.MAX, 1, LogicalType.intType(), LogicalType.intType())));

        max.process(insert("k", 5), insert("k", 3), insert("k", 5));

        assertThat(max.takeOutput()).containsExactly("+I[k, 5]");
    }

    @Test
    void unchangedResultIsEmittedAgainWhenStateTtlIsOn() throws Exception {
        var max = harness(groupAgg(new int[] {0},
                List.of(call(AggFunction.MAX, 1, LogicalType.intType(), LogicalType.intType())), true, false, 60_000));

        max.process(insert("k", 5), insert("k", 3));

        assertThat(max.takeOutput()).containsExactly("+I[k, 5]", "-U[k, 5]", "+U[k, 5]");
    }

    @Test
    void expiredKeyForgetsStateAndDropsLateRetraction() throws Exception {
        var counts = harness(groupAgg(new int[] {0}, List.of(countStar()), true, false, 1_000));

        counts.process(insert("a")).advanceClock(1_001).process(delete("a"), insert("a"));

        assertThat(counts.takeOutput()).containsExactly("+I[a, 1]", "+I[a, 1]");
    }

    @Test
    void lastRetractionDeletesAndClearsTheKey() throws Exception {
        var counts = harness(groupAgg(new int[] {0}, countStar()));

        counts.process(insert("a"), updateBefore("a"), insert("a"));

        assertThat(counts.takeOutput()).containsExactly("+I[a, 1]", "-D[a, 1]", "+I[a, 1]");
    }

    @Test
    void retractableMinAndMaxFallBackToNextValue() throws Exception {
        var extremes = harness(groupAgg(new int[] {0},
                call(AggFunction.MIN, 1, LogicalType.intType(), LogicalType.intType()),
                call(AggFunction.MAX, 1, LogicalType.intType(), LogicalType.intType())));

        extremes.process(insert("k", 5), insert("k", 1), insert("k", 9), insert("k", 9),
                delete("k", 9), delete("k", 1), delete("k", 9));

        assertThat(extremes.takeOutput()).containsExactly("+I[k, 5, 5]",
                "-U[k, 5, 5]", "+U[k, 1, 5]", "-U[k, 1, 5]", "+U[k, 1, 9]",
                "-U[k, 1, 9]", "+U[k, 5, 9]", "-U[k, 5, 9]", "+U[k, 5, 5]");
    }

    @Test
    void countDistinctCountsValuesUntilTheirLastCopyIsRetracted() throws Exception {
        var distinct = harness(groupAgg(new int[] {0}, countDistinct(1, LogicalType.string()), countStar()));

        distinct.process(insert("k", "x"), insert("k", "x"), insert("k", "y"),
                delete("k", "x"), delete("k", "x"));

        assertThat(distinct.takeOutput()).containsExactly("+I[k, 1, 1]",
                "-U[k, 1, 1]", "+U[k, 1, 2]", "-U[k, 1, 2]", "+U[k, 2, 3]",
                "-U[k, 2, 3]", "+U[k, 2, 2]", "-U[k, 2, 2]", "+U[k, 1, 1]");
    }

    @Test
    void countOfColumnIgnoresNulls() throws Exception {
        var counts = harness(groupAgg(new int[] {0},
                call(AggFunction.COUNT, 1, LogicalType.intType(), LogicalType.bigint())));

        counts.process(insert("k", null), insert("k", 1), insert("k", null));

        assertThat(counts.takeOutput()).containsExactly("+I[k, 0]", "-U[k, 0]", "+U[k, 1]");
    }

    @Test
    void miniBatchEmitsOneChangePerKeyPerBundle() throws Exception {
        var words = harness(groupAgg(new int[] {0}, List.of(countStar()), true, true, 0));

        words.process(WORDS).endOfBundle();
        assertThat(words.takeOutput()).containsExactly("+I[a, 3]", "+I[b, 2]", "+I[c, 1]");

        words.process(insert("a"), insert("b"), delete("b"), delete("c"), insert("d"), delete("d")).endInput();
        assertThat(words.takeOutput()).containsExactly("-U[a, 3]", "+U[a, 4]", "-D[c, 1]");
    }

    /** Retractions of rows never accumulated (an inconsistent input) leave the same result with or without bundles. */
    @Test
    void miniBatchEndsAsRowByRowProcessingAfterRetractionsOfRowsNeverAccumulated() throws Exception {
        Row[] rows = {delete("alice", 10L), insert("alice", 5L), insert("bob", 7L), updateBefore("bob", 1L),
            updateAfter("bob", 2L), delete("bob", 2L), delete("bob", 2L), insert("bob", 3L)};
        var sum = call(AggFunction.SUM, 1, LogicalType.bigint(), LogicalType.bigint());
        var rowByRow = harness(groupAgg(new int[] {0}, List.of(countStar(), sum), true, false, 0)).process(rows);
        var bundled = harness(groupAgg(new int[] {0}, List.of(countStar(), sum), true, true, 0)).process(rows)
                .endOfBundle();

        assertThat(finalRows(bundled.takeOutput())).containsExactly("alice, 1, 5", "bob, 1, 3")
                .isEqualTo(finalRows(rowByRow.takeOutput()));
    }

    /** The rows a changelog leaves, without their kinds, sorted. */
    private static List<String> finalRows(List<String> changelog) {
        List<String> rows = new java.util.ArrayList<>();
        for (String change : changelog) {
            String row = change.substring(3, change.length() - 1);
            if (change.startsWith("+")) {
                rows.add(row);
            } else {
                assertThat(rows.remove(row)).as("%s retracts a row emitted before", change).isTrue();
            }
        }
        rows.sort(null);
        return rows;
    }

    @Test
    void miniBatchComparesEachKeyWithItsValueBeforeTheBundleInFirstTouchOrder() throws Exception {
        var words = harness(groupAgg(new int[] {0}, List.of(countStar()), true, true, 0));
        words.process(IntStream.range(0, 100).mapToObj(i -> insert("k" + i)).toArray(Row[]::new)).endOfBundle();
        words.takeOutput();

        words.process(IntStream.range(0, 100).mapToObj(i -> insert("k" + (99 - i))).toArray(Row[]::new));
        words.process(IntStream.range(0, 50).mapToObj(i -> delete("k" + 2 * i)).toArray(Row[]::new)).endOfBundle();

        assertThat(words.takeOutput()).containsExactlyElementsOf(IntStream.iterate(99, i -> i > 0, i -> i - 2)
                .boxed().flatMap(i -> Stream.of("-U[k" + i + ", 1]", "+U[k" + i + ", 2]")).toList());
    }

    @Test
    void miniBatchNestedCountEmitsSeedQ2MiniBatchResult() throws Exception {
        var words = harness(groupAgg(new int[] {0}, List.of(countStar()), true, true, 0)).process(WORDS).endOfBundle();
        var counts = harness(groupAgg(new int[] {1}, List.of(countStar()), true, true, 0));

        counts.process(words.takeRows().toArray(Row[]::new)).endOfBundle();

        assertThat(counts.takeOutput()).containsExactly("+I[3, 1]", "+I[2, 1]", "+I[1, 1]");
    }

    @Test
    void aggregationWithoutGroupKeysHasOneGroup() throws Exception {
        var total = harness(groupAgg(new int[0],
                call(AggFunction.SUM, 0, LogicalType.bigint(), LogicalType.bigint())));

        total.process(insert(2L), insert(3L), delete(2L), delete(3L));

        assertThat(total.takeOutput()).containsExactly("+I[2]", "-U[2]", "+U[5]", "-U[5]", "+U[3]", "-D[3]");
    }
}
