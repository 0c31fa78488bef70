package io.sluice.runtime.operators.join;

import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import io.sluice.runtime.plan.RowType;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The interval join operator, snapshotted and restored after every call. */
class IntervalJoinOperatorTest {
    private static final LocalDateTime T0 = LocalDateTime.parse("2026-10-09T10:00:00");

    @Test
    void rowsMatchWithinTheIntervalAndUnmatchedOuterRowsComeOutWhenTheWatermarkIsPastIt() throws Exception {
        // left time - right time within [-10 s, 0]: a right row up to 10 s after the left one
        var join = harness(JoinType.LEFT);

        join.left(insert("a", at(0))).left(insert("b", at(0))).left(insert("e", at(0))).right(insert("a", at(5)));
        assertThat(join.takeOutput()).containsExactly("+I[a, 2026-10-09T10:00, a, 2026-10-09T10:00:05]");

        join.step((operator, out) -> operator.processWatermark(millis(9), out));
        assertThat(join.takeOutput()).isEmpty();
        join.step((operator, out) -> operator.processWatermark(millis(10), out));
        assertThat(join.takeOutput()).as("a row at the watermark is not late: one at 10 s can still match").isEmpty();
        join.right(insert("b", at(10)));
        assertThat(join.takeOutput()).containsExactly("+I[b, 2026-10-09T10:00, b, 2026-10-09T10:00:10]");
        join.step((operator, out) -> operator.processWatermark(millis(11), out));
        assertThat(join.takeOutput()).containsExactly("+I[e, 2026-10-09T10:00, null, null]");

        join.right(insert("b", at(12))).left(insert("c", at(1))).endInput();
        assertThat(join.takeOutput()).containsExactly("+I[c, 2026-10-09T10:00:01, null, null]");
    }

    private static SnapshottingHarness<IntervalJoinOperator> harness(JoinType type) throws Exception {
        RowType output = new RowType(List.of("k", "lt", "k0", "rt"), List.of(LogicalType.string(),
                LogicalType.timestamp(3), LogicalType.string(), LogicalType.timestamp(3)));
        var node = new ExecNodes.IntervalJoin(1, null, null, type, new int[] {0}, new int[] {0}, 1, 1, -10_000, 0,
                null, output, ChangelogMode.insertOnly());
        return SnapshottingHarness.of(() -> new IntervalJoinOperator(node));
    }

    private static LocalDateTime at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    private static long millis(int seconds) {
        return WindowAggOperator.epochMillis(at(seconds));
    }
}
