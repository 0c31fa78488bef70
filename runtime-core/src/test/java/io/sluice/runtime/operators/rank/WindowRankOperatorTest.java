package io.sluice.runtime.operators.rank;

import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import io.sluice.runtime.plan.SortField;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Top-N per window, snapshotted and restored after every call. */
class WindowRankOperatorTest {
    private static final LocalDateTime END = LocalDateTime.parse("2026-10-09T10:01:00");

    @Test
    void eachWindowIsRankedOnceWhenTheWatermarkPassesItsEndAndLaterRowsAreDropped() throws Exception {
        RowType output = new RowType(List.of("k", "cnt", "window_end", "rn"), List.of(LogicalType.string(),
                LogicalType.bigint(), LogicalType.timestamp(3), LogicalType.bigint()));
        var node = new ExecNodes.WindowRank(1, null, new int[] {2}, List.of(new SortField(1, false, false)), 2, 3,
                true, 2, false, output, ChangelogMode.insertOnly());
        var ranks = SnapshottingHarness.of(() -> new WindowRankOperator(node));

        ranks.process(insert("a", 5L, END), insert("b", 9L, END), insert("c", 1L, END), insert("d", 7L, END));
        ranks.watermark(WindowAggOperator.epochMillis(END) - 1);
        assertThat(ranks.takeOutput()).isEmpty();

        ranks.watermark(WindowAggOperator.epochMillis(END)).process(insert("e", 8L, END));
        assertThat(ranks.takeOutput()).containsExactly("+I[d, 7, 2026-10-09T10:01, 2]", "+I[a, 5, 2026-10-09T10:01, 3]");
        assertThat(ranks.operator().lateRowsDropped()).isEqualTo(1);
    }
}
