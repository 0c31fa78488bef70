package io.sluice.runtime.operators.rank;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import io.sluice.runtime.plan.SortField;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rows are (category, item, sales); ranks are by sales descending within a category. */
class RankOperatorTest {
    private static final RowType ROW = new RowType(List.of("category", "item", "sales"),
            List.of(LogicalType.string(), LogicalType.string(), LogicalType.intType()));

    @Test
    void topNWithRankNumberUpdatesShiftedRanks() throws Exception {
        var top2 = harness(ChangelogMode.insertOnly(), 2, true, List.of(new SortField(2, false, false)));

        top2.process(insert("x", "a", 10), insert("x", "b", 30), insert("x", "c", 20), insert("x", "d", 5),
                insert("y", "e", 1));

        assertThat(top2.takeOutput()).containsExactly("+I[x, a, 10, 1]",
                "-U[x, a, 10, 1]", "+U[x, b, 30, 1]", "+I[x, a, 10, 2]",
                "-U[x, a, 10, 2]", "+U[x, c, 20, 2]",
                "+I[y, e, 1, 1]");
    }

    @Test
    void topNWithoutRankNumberDeletesTheRowThatDropsOut() throws Exception {
        var top2 = harness(ChangelogMode.insertOnly(), 2, false, List.of(new SortField(2, false, false)));

        top2.process(insert("x", "a", 10), insert("x", "b", 30), insert("x", "c", 20));

        assertThat(top2.takeOutput()).containsExactly("+I[x, a, 10]", "+I[x, b, 30]", "-D[x, a, 10]", "+I[x, c, 20]");
    }

    @Test
    void retractionPromotesTheNextRow() throws Exception {
        var top2 = harness(ChangelogMode.all(), 2, true, List.of(new SortField(2, false, false)));

        top2.process(insert("x", "a", 10), insert("x", "b", 30), insert("x", "c", 20)).takeOutput();
        top2.process(delete("x", "b", 30), delete("x", "z", 99));

        assertThat(top2.takeOutput()).containsExactly("-U[x, b, 30, 1]", "+U[x, c, 20, 1]",
                "-U[x, c, 20, 2]", "+U[x, a, 10, 2]");
    }

    /** As Flink's: over an updating input a constant rank number (rn = 1) is no position to update. */
    @Test
    void overAnUpdatingInputTheTopRowIsReplacedByDeleteAndInsert() throws Exception {
        var top1 = harness(ChangelogMode.all(), 1, true, List.of(new SortField(2, false, false)));

        top1.process(insert("x", "a", 10), insert("x", "b", 30), delete("x", "b", 30));

        assertThat(top1.takeOutput()).containsExactly("+I[x, a, 10, 1]", "-D[x, a, 10, 1]", "+I[x, b, 30, 1]",
                "-D[x, b, 30, 1]", "+I[x, a, 10, 1]");
    }

    /** A retracted duplicate gives way to its twin as Flink's does: a delete and an insert of equal rows. */
    @Test
    void overAnUpdatingInputARetractedDuplicateIsReplacedByItsTwin() throws Exception {
        var top1 = harness(ChangelogMode.all(), 1, false, List.of(new SortField(2, false, false)));

        top1.process(insert("x", "a", 10), insert("x", "a", 10), delete("x", "a", 10));

        assertThat(top1.takeOutput()).containsExactly("+I[x, a, 10]", "-D[x, a, 10]", "+I[x, a, 10]");
    }

    @Test
    void deduplicationKeepsTheFirstRowByOrder() throws Exception {
        var first = harness(ChangelogMode.insertOnly(), 1, false, List.of(new SortField(2, true, true)));

        first.process(insert("x", "a", 10), insert("x", "b", 10), insert("x", "c", null), insert("x", "d", 20));

        assertThat(first.takeOutput()).containsExactly("+I[x, a, 10]", "-U[x, a, 10]", "+U[x, c, null]");
    }

    private static SnapshottingHarness<RankOperator> harness(ChangelogMode inputMode, long rankEnd,
                                                             boolean rankNumber, List<SortField> order)
            throws Exception {
        var input = new ExecNodes.Source(0, null, null, Map.of(), new int[0], ROW, inputMode);
        var node = new ExecNodes.Rank(1, input, new int[] {0}, order, 1, rankEnd, rankNumber, true, false, false, false, ROW,
                ChangelogMode.all());
        return SnapshottingHarness.of(() -> new RankOperator(node));
    }
}
