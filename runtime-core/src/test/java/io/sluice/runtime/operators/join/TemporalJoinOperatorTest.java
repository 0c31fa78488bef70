package io.sluice.runtime.operators.join;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static io.sluice.runtime.operators.SnapshottingHarness.updateBefore;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Orders (id, currency, time) joined with the rate (currency, rate, time) valid at each order's time. */
class TemporalJoinOperatorTest {
    private static final LocalDateTime T0 = LocalDateTime.parse("2026-10-09T10:00:00");

    @Test
    void eachLeftRowJoinsTheVersionValidAtItsTimeOnceTheWatermarkPassesIt() throws Exception {
        var join = harness(false);

        join.right(insert("USD", 100, at(0))).right(insert("EUR", 200, at(0)));
        join.left(insert(1, "USD", at(5))).left(insert(2, "USD", at(12))).left(insert(3, "EUR", at(11)));
        join.right(updateBefore("USD", 100, at(0))).right(updateAfter("USD", 110, at(10)));
        join.watermark(millis(9));
        assertThat(join.takeOutput()).containsExactly("+I[1, USD, 2026-10-09T10:00:05, USD, 100, 2026-10-09T10:00]");

        join.watermark(millis(20));
        assertThat(join.takeOutput()).containsExactly(
                "+I[2, USD, 2026-10-09T10:00:12, USD, 110, 2026-10-09T10:00:10]",
                "+I[3, EUR, 2026-10-09T10:00:11, EUR, 200, 2026-10-09T10:00]");
    }

    @Test
    void aDeletedVersionMatchesNothingAndALeftJoinPadsWhatFoundNoVersion() throws Exception {
        var join = harness(true);

        join.right(insert("USD", 100, at(0))).right(delete("USD", 100, at(30)));
        join.left(insert(1, "USD", at(29))).left(insert(2, "USD", at(31))).left(insert(3, "CHF", at(1)));
        join.left(delete(1, "USD", at(29))).endInput();

        assertThat(join.takeOutput()).containsExactly(
                "+I[1, USD, 2026-10-09T10:00:29, USD, 100, 2026-10-09T10:00]",
                "+I[2, USD, 2026-10-09T10:00:31, null, null, null]",
                "+I[3, CHF, 2026-10-09T10:00:01, null, null, null]",
                "-D[1, USD, 2026-10-09T10:00:29, USD, 100, 2026-10-09T10:00]");
    }

    @Test
    void versionsOlderThanTheOneValidAtTheWatermarkAreForgotten() throws Exception {
        var join = harness(true);

        join.right(insert("USD", 100, at(0))).right(updateAfter("USD", 110, at(10))).watermark(millis(20));
        join.left(insert(1, "USD", at(15))).left(insert(2, "USD", at(5)));

        assertThat(join.takeOutput()).containsExactly(
                "+I[1, USD, 2026-10-09T10:00:15, USD, 110, 2026-10-09T10:00:10]",
                "+I[2, USD, 2026-10-09T10:00:05, null, null, null]");
    }

    private static SnapshottingHarness<TemporalJoinOperator> harness(boolean leftOuter) throws Exception {
        RowType output = new RowType(List.of("id", "currency", "t", "currency0", "rate", "t0"),
                List.of(LogicalType.intType(), LogicalType.string(), LogicalType.timestamp(3), LogicalType.string(),
                        LogicalType.intType(), LogicalType.timestamp(3)));
        var node = new ExecNodes.TemporalJoin(1, null, null, new int[] {1}, new int[] {0}, 2, 2, leftOuter, null,
                output, ChangelogMode.all());
        return SnapshottingHarness.of(() -> new TemporalJoinOperator(node));
    }

    private static LocalDateTime at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    private static long millis(int seconds) {
        return WindowAggOperator.epochMillis(at(seconds));
    }
}
