package io.sluice.runtime.operators.over;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static io.sluice.runtime.operators.SnapshottingHarness.updateBefore;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.OverOrder;
import io.sluice.runtime.plan.RowType;
import io.sluice.runtime.plan.SortField;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The OVER operator, snapshotted and restored after every call. */
class OverAggOperatorTest {
    private static final LocalDateTime T0 = LocalDateTime.parse("2026-10-09T10:00:00");
    private static final List<AggregateCall> SUM = List.of(
            new AggregateCall(AggFunction.SUM, 1, false, false, LogicalType.intType(), LogicalType.intType(), "total"));

    @Test
    void rowtimeRowsWaitForTheWatermarkAndLateRowsAreDropped() throws Exception {
        var over = harness(OverOrder.ROWTIME, true, 1, true);

        over.process(insert("a", 1, at(2)), insert("a", 2, at(1))).watermark(millis(1));
        assertThat(over.takeOutput()).containsExactly("+I[a, 2, 2026-10-09T10:00:01, 2]");

        over.process(insert("a", 7, at(0)), insert("a", 3, at(3))).endInput();
        assertThat(over.takeOutput()).containsExactly("+I[a, 1, 2026-10-09T10:00:02, 3]",
                "+I[a, 3, 2026-10-09T10:00:03, 4]");
        assertThat(over.operator().lateRowsDropped()).isEqualTo(1);
    }

    @Test
    void anUpdatedRowRetractsTheOutputsOfTheRowsWhoseFrameHeldIt() throws Exception {
        var over = harness(OverOrder.CHANGELOG, true, 1, true);

        over.process(insert("a", 1, at(1)), insert("a", 2, at(2)), insert("a", 4, at(3)));
        assertThat(over.takeOutput()).containsExactly("+I[a, 1, 2026-10-09T10:00:01, 1]",
                "+I[a, 2, 2026-10-09T10:00:02, 3]", "+I[a, 4, 2026-10-09T10:00:03, 6]");

        over.process(updateBefore("a", 2, at(2)), updateAfter("a", 5, at(2)));
        assertThat(over.takeOutput()).containsExactly(
                "-U[a, 2, 2026-10-09T10:00:02, 3]",
                "-U[a, 4, 2026-10-09T10:00:03, 6]", "+U[a, 4, 2026-10-09T10:00:03, 5]",
                "+U[a, 5, 2026-10-09T10:00:02, 6]",
                "-U[a, 4, 2026-10-09T10:00:03, 5]", "+U[a, 4, 2026-10-09T10:00:03, 9]");

        over.process(delete("a", 1, at(1)));
        assertThat(over.takeOutput()).containsExactly("-D[a, 1, 2026-10-09T10:00:01, 1]",
                "-U[a, 5, 2026-10-09T10:00:02, 6]", "+U[a, 5, 2026-10-09T10:00:02, 5]");
    }

    @Test
    void withoutUpdateBeforeAChangedRowIsReplacedByItsUpdateAfter() throws Exception {
        var over = harness(OverOrder.CHANGELOG, false, -1, true);

        over.process(insert("a", 1, at(1)), insert("a", 2, at(2)), delete("a", 1, at(1)));
        assertThat(over.takeOutput()).containsExactly("+I[a, 1, 2026-10-09T10:00:01, 1]",
                "+I[a, 2, 2026-10-09T10:00:02, 3]", "-D[a, 1, 2026-10-09T10:00:01, 1]",
                "+U[a, 2, 2026-10-09T10:00:02, 2]");
    }

    private static SnapshottingHarness<OverAggOperator> harness(OverOrder order, boolean updateBefore, long preceding,
                                                                boolean rows) throws Exception {
        RowType output = new RowType(List.of("k", "x", "ts", "total"), List.of(LogicalType.string(),
                LogicalType.intType(), LogicalType.timestamp(3), LogicalType.intType()));
        var node = new ExecNodes.OverAggregate(1, null, new int[] {0}, List.of(new SortField(2, true, false)), order,
                rows, preceding, SUM, updateBefore, output, ChangelogMode.all());
        return SnapshottingHarness.of(() -> new OverAggOperator(node));
    }

    private static LocalDateTime at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    private static long millis(int seconds) {
        return WindowAggOperator.epochMillis(at(seconds));
    }
}
