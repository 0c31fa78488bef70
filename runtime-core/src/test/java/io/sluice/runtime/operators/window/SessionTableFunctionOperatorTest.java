package io.sluice.runtime.operators.window;

import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A SESSION read as a table, checkpointed and restored after every step. */
class SessionTableFunctionOperatorTest {
    private static final LocalDateTime T0 = LocalDateTime.parse("2026-10-09T10:00:00");

    @Test
    void rowsWaitUntilTheirSessionEndsAndComeOutWithItsBounds() throws Exception {
        var sessions = harness(false);

        sessions.process(insert("a", at(0), 1), insert("b", at(10), 2), insert("a", at(20), 3)).watermark(millis(40));
        assertThat(sessions.takeOutput()).containsExactly(
                "+I[b, 2026-10-09T10:00:10, 2, 2026-10-09T10:00:10, 2026-10-09T10:00:40]");

        sessions.watermark(millis(50));
        assertThat(sessions.takeOutput()).containsExactly(
                "+I[a, 2026-10-09T10:00, 1, 2026-10-09T10:00, 2026-10-09T10:00:50]",
                "+I[a, 2026-10-09T10:00:20, 3, 2026-10-09T10:00, 2026-10-09T10:00:50]");
    }

    @Test
    void aRowBridgingTwoSessionsJoinsThemAndALateRowIsDroppedAndCounted() throws Exception {
        var sessions = harness(false);

        sessions.process(insert("a", at(0), 1), insert("a", at(50), 2), insert("a", at(25), 3)).watermark(millis(60));
        sessions.process(insert("a", at(10), 4), insert("a", at(70), 5)).watermark(millis(100));
        assertThat(sessions.takeOutput()).containsExactly(
                "+I[a, 2026-10-09T10:00, 1, 2026-10-09T10:00, 2026-10-09T10:01:40]",
                "+I[a, 2026-10-09T10:00:50, 2, 2026-10-09T10:00, 2026-10-09T10:01:40]",
                "+I[a, 2026-10-09T10:00:25, 3, 2026-10-09T10:00, 2026-10-09T10:01:40]",
                "+I[a, 2026-10-09T10:00:10, 4, 2026-10-09T10:00, 2026-10-09T10:01:40]",
                "+I[a, 2026-10-09T10:01:10, 5, 2026-10-09T10:00, 2026-10-09T10:01:40]");

        sessions.process(insert("a", at(65), 6), insert("a", at(71), 7)).endInput();
        assertThat(sessions.takeOutput()).containsExactly(
                "+I[a, 2026-10-09T10:01:11, 7, 2026-10-09T10:01:11, 2026-10-09T10:01:41]");
        assertThat(sessions.operator().lateRowsDropped()).isEqualTo(1);
    }

    @Test
    void onProcessingTimeTheClockEndsSessions() throws Exception {
        var sessions = harness(true);

        sessions.process(insert("a", at(0), 1)).watermark(millis(600));
        assertThat(sessions.takeOutput()).isEmpty();

        sessions.step((operator, out) -> operator.onProcessingTime(millis(30), out));
        assertThat(sessions.takeOutput()).containsExactly(
                "+I[a, 2026-10-09T10:00, 1, 2026-10-09T10:00, 2026-10-09T10:00:30]");
    }

    private static SnapshottingHarness<SessionTableFunctionOperator> harness(boolean processingTime) throws Exception {
        RowType output = new RowType(List.of("k", "ts", "x", "window_start", "window_end"),
                List.of(LogicalType.string(), LogicalType.timestamp(3), LogicalType.intType(), LogicalType.timestamp(3),
                        LogicalType.timestamp(3)));
        var node = new ExecNodes.WindowTableFunction(1, null, ExecNodes.WindowKind.SESSION, 1, 30_000, 0,
                new int[] {0}, processingTime, output, ChangelogMode.insertOnly());
        return SnapshottingHarness.of(() -> new SessionTableFunctionOperator(node));
    }

    private static LocalDateTime at(int seconds) {
        return T0.plusSeconds(seconds);
    }

    private static long millis(int seconds) {
        return WindowAggOperator.epochMillis(at(seconds));
    }
}
