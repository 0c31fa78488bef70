package io.sluice.runtime.operators.window;

import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowAggOperatorTest {
    private static final LocalDateTime T0 = LocalDateTime.parse("2026-10-09T10:00:00");
    private static final List<AggregateCall> CALLS = List.of(
            new AggregateCall(AggFunction.COUNT, -1, false, false, null, LogicalType.bigint(), "cnt"),
            new AggregateCall(AggFunction.SUM, 2, false, false, LogicalType.intType(), LogicalType.intType(), "total"));

    @Test
    void tumbleWindowsFireWhenTheWatermarkPassesTheirEnd() throws Exception {
        var windows = harness(ExecNodes.WindowKind.TUMBLE, 60_000, 60_000);

        windows.process(insert("a", at(5), 1), insert("b", at(30), 2), insert("a", at(59), 3), insert("a", at(61), 4));
        windows.watermark(millis(59));
        assertThat(windows.takeOutput()).isEmpty();

        windows.watermark(millis(60));
        assertThat(windows.takeOutput()).containsExactly(
                "+I[a, 2, 4, 2026-10-09T10:00, 2026-10-09T10:01]", "+I[b, 1, 2, 2026-10-09T10:00, 2026-10-09T10:01]");

        windows.endInput();
        assertThat(windows.takeOutput()).containsExactly("+I[a, 1, 4, 2026-10-09T10:01, 2026-10-09T10:02]");
    }

    @Test
    void rowsOfFiredWindowsAreDroppedAndCounted() throws Exception {
        var windows = harness(ExecNodes.WindowKind.TUMBLE, 60_000, 60_000);

        windows.process(insert("a", at(5), 1)).watermark(millis(60)).process(insert("a", at(10), 7)).endInput();

        assertThat(windows.takeOutput()).containsExactly("+I[a, 1, 1, 2026-10-09T10:00, 2026-10-09T10:01]");
        assertThat(windows.operator().lateRowsDropped()).isEqualTo(1);
    }

    @Test
    void hopWindowsOverlap() throws Exception {
        var windows = harness(ExecNodes.WindowKind.HOP, 60_000, 30_000);

        windows.process(insert("a", at(40), 1), insert("a", at(70), 2)).endInput();

        assertThat(windows.takeOutput()).containsExactly(
                "+I[a, 1, 1, 2026-10-09T10:00, 2026-10-09T10:01]",
                "+I[a, 2, 3, 2026-10-09T10:00:30, 2026-10-09T10:01:30]",
                "+I[a, 1, 2, 2026-10-09T10:01, 2026-10-09T10:02]");
    }

    @Test
    void cumulateWindowsShareTheirStartAndGrowByTheStep() throws Exception {
        var windows = harness(ExecNodes.WindowKind.CUMULATE, 60_000, 20_000);

        windows.process(insert("a", at(5), 1), insert("a", at(45), 2)).endInput();

        assertThat(windows.takeOutput()).containsExactly(
                "+I[a, 1, 1, 2026-10-09T10:00, 2026-10-09T10:00:20]",
                "+I[a, 1, 1, 2026-10-09T10:00, 2026-10-09T10:00:40]",
                "+I[a, 2, 3, 2026-10-09T10:00, 2026-10-09T10:01]");
    }

    @Test
    void aRowBetweenTwoSessionsOfItsKeyMergesThemAlsoAcrossACheckpoint() throws Exception {
        var windows = harness(ExecNodes.WindowKind.SESSION, 30_000, 0);

        windows.process(insert("a", at(0), 1), insert("a", at(50), 2), insert("b", at(10), 5)).watermark(millis(20));
        windows.process(insert("a", at(25), 3)).watermark(millis(40));
        assertThat(windows.takeOutput()).containsExactly("+I[b, 1, 5, 2026-10-09T10:00:10, 2026-10-09T10:00:40]");

        windows.process(insert("b", at(9), 7)).endInput();
        assertThat(windows.takeOutput()).containsExactly("+I[a, 3, 6, 2026-10-09T10:00, 2026-10-09T10:01:20]");
        assertThat(windows.operator().lateRowsDropped()).isEqualTo(1);
    }

    @Test
    void processingTimeWindowsFireByTheClockAndTakeRowsReadBeforeAsNow() throws Exception {
        var windows = harness(ExecNodes.WindowKind.TUMBLE, 60_000, 60_000, true);

        windows.process(insert("a", at(5), 1)).watermark(millis(600));
        assertThat(windows.takeOutput()).isEmpty();

        windows.step((operator, out) -> operator.onProcessingTime(millis(60), out));
        assertThat(windows.takeOutput()).containsExactly("+I[a, 1, 1, 2026-10-09T10:00, 2026-10-09T10:01]");

        windows.process(insert("a", at(30), 2)).endInput();
        assertThat(windows.takeOutput()).containsExactly("+I[a, 1, 2, 2026-10-09T10:01, 2026-10-09T10:02]");
        assertThat(windows.operator().lateRowsDropped()).isZero();
    }

    private static SnapshottingHarness<WindowAggOperator> harness(ExecNodes.WindowKind kind, long size, long slide)
            throws Exception {
        return harness(kind, size, slide, false);
    }

    private static SnapshottingHarness<WindowAggOperator> harness(ExecNodes.WindowKind kind, long size, long slide,
                                                                  boolean processingTime) throws Exception {
        RowType output = new RowType(List.of("k", "cnt", "total", "window_start", "window_end"),
                List.of(LogicalType.string(), LogicalType.bigint(), LogicalType.intType(), LogicalType.timestamp(3),
                        LogicalType.timestamp(3)));
        var node = new ExecNodes.WindowAggregate(1, null, kind, 1, size, slide, processingTime, new int[] {0}, CALLS, output,
                ChangelogMode.insertOnly());
        return SnapshottingHarness.of(() -> new WindowAggOperator(node));
    }

    private static LocalDateTime at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    private static long millis(int seconds) {
        return WindowAggOperator.epochMillis(at(seconds));
    }
}
