package io.sluice.runtime.operators;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static io.sluice.runtime.operators.SnapshottingHarness.updateBefore;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rows are (word, cnt): the query's upsert key is word, the sink's primary key is cnt. */
class WatermarkCompactingMaterializerOperatorTest {
    @Test
    void changesWaitForTheWatermark() throws Exception {
        var sink = harness("NOTHING");

        sink.process(insert("a", 1L));
        assertThat(sink.takeOutput()).isEmpty();

        sink.watermark(1);
        assertThat(sink.takeOutput()).containsExactly("+I[a, 1]");
    }

    @Test
    void nothingFollowsTheFirstRowAndIgnoresOthersOfTheKeyAlsoWhenTheyUpdate() throws Exception {
        var sink = harness("NOTHING");

        sink.process(insert("a", 1L), insert("b", 1L)).watermark(1);
        // b updates within the key, a's -U and +U come in one interval: a keeps the key
        sink.process(updateBefore("b", 1L), updateAfter("b", 1L), updateBefore("a", 1L), updateAfter("a", 1L))
                .watermark(2);
        sink.process(delete("a", 1L)).watermark(3);
        sink.process(delete("b", 1L)).endInput();

        assertThat(sink.takeOutput()).containsExactly("+I[a, 1]", "+U[b, 1]", "-D[b, 1]");
    }

    @Test
    void nothingShowsTheFirstRowsUpdateAndTheNextRowOnceTheFirstIsGone() throws Exception {
        var sink = harness("NOTHING");

        sink.process(insert("a", 1L), insert("b", 1L), insert("c", 2L)).watermark(1);
        // a leaves key 1 for key 2, where c came first
        sink.process(updateBefore("a", 1L), updateAfter("a", 2L)).watermark(2);

        assertThat(sink.takeOutput()).containsExactly("+I[a, 1]", "+I[c, 2]", "+U[b, 1]");
    }

    @Test
    void errorEmitsWhatCameBeforeTheConflictAndFailsNamingTheKey() throws Exception {
        var sink = harness("ERROR");

        sink.process(insert("a", 1L)).watermark(1);
        assertThat(sink.takeOutput()).containsExactly("+I[a, 1]");

        sink.process(insert("b", 1L));
        assertThatThrownBy(() -> sink.watermark(2)).hasMessageContaining("ON CONFLICT DO ERROR")
                .hasMessageContaining("Primary key constraint violation")
                .hasMessageContaining("primary key (cnt=1) has +I[a, 1] and +I[b, 1]");
    }

    @Test
    void errorTakesARowThatMovesBetweenKeysInOneIntervalAsNoConflict() throws Exception {
        var sink = harness("ERROR");

        sink.process(insert("a", 1L), insert("b", 2L)).watermark(1);
        // b comes to key 1 before a leaves it, but both in one interval
        sink.process(updateBefore("b", 2L), updateAfter("b", 1L), updateBefore("a", 1L), updateAfter("a", 3L))
                .endInput();

        assertThat(sink.takeOutput()).containsExactly("+I[a, 1]", "+I[b, 2]", "-D[b, 2]", "+U[b, 1]", "+I[a, 3]");
    }

    private static SnapshottingHarness<WatermarkCompactingMaterializerOperator> harness(String strategy)
            throws Exception {
        RowType type = new RowType(List.of("word", "cnt"), List.of(LogicalType.string(), LogicalType.bigint()));
        var node = new ExecNodes.SinkUpsertMaterializer(1, null, new int[] {1}, new int[] {0}, new int[] {0, 1},
                strategy, type, ChangelogMode.upsert());
        return SnapshottingHarness.of(() -> new WatermarkCompactingMaterializerOperator(node));
    }
}
