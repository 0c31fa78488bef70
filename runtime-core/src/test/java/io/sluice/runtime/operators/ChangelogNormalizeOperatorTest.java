package io.sluice.runtime.operators;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangelogNormalizeOperatorTest {

    @Test
    void upsertsBecomeAFullChangelog() throws Exception {
        var normalize = harness(true);

        normalize.process(insert(1, "a"), updateAfter(1, "b"), updateAfter(1, "b"), insert(2, "x"),
                delete(1, null), delete(3, null), updateAfter(1, "c"));

        assertThat(normalize.takeOutput()).containsExactly("+I[1, a]", "-U[1, a]", "+U[1, b]", "+I[2, x]",
                "-D[1, b]", "+I[1, c]");
    }

    @Test
    void withoutUpdateBeforeOnlyTheNewRowIsEmitted() throws Exception {
        var normalize = harness(false);

        normalize.process(insert(1, "a"), updateAfter(1, "b"));

        assertThat(normalize.takeOutput()).containsExactly("+I[1, a]", "+U[1, b]");
    }

    private static SnapshottingHarness<ChangelogNormalizeOperator> harness(boolean updateBefore) throws Exception {
        RowType type = new RowType(List.of("id", "name"), List.of(LogicalType.intType(), LogicalType.string()));
        var node = new ExecNodes.ChangelogNormalize(1, null, new int[] {0}, updateBefore, type, ChangelogMode.all());
        return SnapshottingHarness.of(() -> new ChangelogNormalizeOperator(node));
    }
}
