package io.sluice.runtime.operators.join;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.SnapshottingHarness.updateAfter;
import static io.sluice.runtime.operators.SnapshottingHarness.updateBefore;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.ChangelogMode;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.operators.SnapshottingHarness;
import io.sluice.runtime.plan.ExecNodes;
import io.sluice.runtime.plan.ExecNodes.JoinType;
import io.sluice.runtime.plan.GeneratedClass;
import io.sluice.runtime.plan.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Left rows are (id, name), right rows are (id, amount); the join key is id. */
class JoinOperatorTest {

    @Test
    void innerJoinEmitsPairsWithTheInputsKind() throws Exception {
        var join = harness(JoinType.INNER, null);

        join.left(insert(1, "a")).right(insert(1, 10)).right(insert(1, 20)).left(insert(2, "b"))
                .right(updateBefore(1, 10)).right(updateAfter(1, 11)).left(delete(1, "a"));

        assertThat(join.takeOutput()).containsExactly("+I[1, a, 1, 10]", "+I[1, a, 1, 20]",
                "-U[1, a, 1, 10]", "+U[1, a, 1, 11]", "-D[1, a, 1, 20]", "-D[1, a, 1, 11]");
    }

    @Test
    void leftJoinPadsUntilTheFirstMatchAndAgainAfterTheLast() throws Exception {
        var join = harness(JoinType.LEFT, null);

        join.left(insert(1, "a")).right(insert(1, 10)).right(insert(1, 20)).right(delete(1, 10))
                .right(delete(1, 20)).left(delete(1, "a"));

        assertThat(join.takeOutput()).containsExactly("+I[1, a, null, null]",
                "-D[1, a, null, null]", "+I[1, a, 1, 10]", "+I[1, a, 1, 20]",
                "-D[1, a, 1, 10]", "-D[1, a, 1, 20]", "+I[1, a, null, null]", "-D[1, a, null, null]");
    }

    @Test
    void fullJoinPadsBothSides() throws Exception {
        var join = harness(JoinType.FULL, null);

        join.right(insert(1, 10)).left(insert(1, "a")).left(delete(1, "a")).left(insert(null, "n"));

        assertThat(join.takeOutput()).containsExactly("+I[null, null, 1, 10]",
                "-D[null, null, 1, 10]", "+I[1, a, 1, 10]", "-D[1, a, 1, 10]", "+I[null, null, 1, 10]",
                "+I[null, n, null, null]");
    }

    @Test
    void nullKeysNeverMatch() throws Exception {
        var join = harness(JoinType.INNER, null);

        join.left(insert(null, "a")).right(insert(null, 10));

        assertThat(join.takeOutput()).isEmpty();
    }

    @Test
    void duplicateRowsJoinOncePerCopy() throws Exception {
        var join = harness(JoinType.INNER, null);

        join.left(insert(1, "a")).left(insert(1, "a")).right(insert(1, 10)).left(delete(1, "a")).right(delete(1, 10));

        assertThat(join.takeOutput()).containsExactly("+I[1, a, 1, 10]", "+I[1, a, 1, 10]",
                "-D[1, a, 1, 10]", "-D[1, a, 1, 10]");
    }

    @Test
    void nonEquiConditionFiltersPairs() throws Exception {
        GeneratedClass amountOver15 = new GeneratedClass("AmountOver15", """
                public class AmountOver15 implements io.sluice.runtime.codegen.JoinCondition {
                    public boolean test(io.sluice.api.data.Row left, io.sluice.api.data.Row right) {
                        return ((Integer) right.field(1)).intValue() > 15;
                    }
                }
                """);
        var join = harness(JoinType.LEFT, amountOver15);

        join.left(insert(1, "a")).right(insert(1, 10)).right(insert(1, 20));

        assertThat(join.takeOutput()).containsExactly("+I[1, a, null, null]", "-D[1, a, null, null]",
                "+I[1, a, 1, 20]");
    }

    private static SnapshottingHarness<JoinOperator> harness(JoinType type, GeneratedClass condition)
            throws Exception {
        RowType output = new RowType(List.of("id", "name", "id0", "amount"),
                List.of(LogicalType.intType(), LogicalType.string(), LogicalType.intType(), LogicalType.intType()));
        var node = new ExecNodes.Join(1, null, null, type, new int[] {0}, new int[] {0}, condition, output,
                ChangelogMode.all());
        return SnapshottingHarness.of(() -> new JoinOperator(node));
    }
}
