package io.sluice.runtime.operators.aggregate;

import static io.sluice.runtime.operators.SnapshottingHarness.delete;
import static io.sluice.runtime.operators.SnapshottingHarness.insert;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.call;
import static io.sluice.runtime.operators.aggregate.AggregateNodes.insertOnly;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccumulatorsGeneratorTest {

    @Test
    void sumIsNullWithoutInputAndSum0IsZero() {
        Accumulators sums = accumulate(List.of(
                call(AggFunction.SUM, 0, LogicalType.bigint(), LogicalType.bigint()),
                call(AggFunction.SUM0, 0, LogicalType.bigint(), LogicalType.bigint())), insert((Object) null));

        assertThat(values(sums, 2)).containsExactly(null, 0L);
    }

    @Test
    void integerAverageTruncatesAndDecimalAverageKeepsResultScale() {
        Accumulators averages = accumulate(List.of(
                call(AggFunction.AVG, 0, LogicalType.intType(), LogicalType.intType()),
                call(AggFunction.AVG, 1, LogicalType.decimal(12, 2), LogicalType.decimal(38, 6))),
                insert(1, new BigDecimal("1.00")), insert(2, new BigDecimal("1.00")),
                insert(2, new BigDecimal("2.00")));

        assertThat(values(averages, 2)).containsExactly(1, new BigDecimal("1.333333"));
    }

    @Test
    void sumsTakeTheResultTypesJavaClass() {
        Accumulators sums = accumulate(List.of(
                call(AggFunction.SUM, 0, LogicalType.intType(), LogicalType.intType()),
                call(AggFunction.SUM, 1, LogicalType.decimal(12, 4), LogicalType.decimal(38, 4)),
                call(AggFunction.SUM, 2, LogicalType.doubleType(), LogicalType.doubleType())),
                insert(3, new BigDecimal("30.0000"), 0.5), insert(4, new BigDecimal("0.5000"), 0.25));

        assertThat(values(sums, 3)).containsExactly(7, new BigDecimal("30.5000"), 0.75);
    }

    @Test
    void sumRetractsToNullWhenNoInputIsLeft() {
        Accumulators sums = accumulate(List.of(
                call(AggFunction.SUM, 0, LogicalType.intType(), LogicalType.intType())), insert(3));
        sums.retract(delete(3));

        assertThat(values(sums, 1)).containsExactly((Object) null);
    }

    @Test
    void insertOnlyMinRejectsRetraction() {
        Accumulators min = accumulate(List.of(
                insertOnly(AggFunction.MIN, 0, LogicalType.string(), LogicalType.string())), insert("b"), insert("a"));

        assertThat(values(min, 1)).containsExactly("a");
        assertThatThrownBy(() -> min.retract(delete("a")))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("MIN");
    }

    @Test
    void partialEncodingRestoresEqualAccumulators() {
        List<AggregateCall> calls = List.of(call(AggFunction.MAX, 0, LogicalType.intType(), LogicalType.intType()),
                call(AggFunction.AVG, 0, LogicalType.intType(), LogicalType.intType()));
        Accumulators original = accumulate(calls, insert(4), insert(9), insert(2));
        Object[] partial = new Object[original.partialArity()];
        original.writePartial(partial, 0);

        Accumulators restored = original.newEmpty();
        restored.merge(partial, 0);
        restored.retract(delete(9));

        assertThat(values(restored, 2)).containsExactly(4, 3);
        assertThat(restored.rowCount()).isEqualTo(2);
    }

    @Test
    void sameCallsShareOneCompiledClass() {
        List<AggregateCall> calls = List.of(AggregateNodes.countStar());

        assertThat(AccumulatorsGenerator.create(calls).getClass())
                .isSameAs(AccumulatorsGenerator.create(calls).getClass());
    }

    private static Accumulators accumulate(List<AggregateCall> calls, Row... rows) {
        Accumulators accumulators = AccumulatorsGenerator.create(calls);
        Arrays.stream(rows).forEach(accumulators::accumulate);
        return accumulators;
    }

    private static List<Object> values(Accumulators accumulators, int count) {
        Object[] values = new Object[count];
        accumulators.writeValues(values, 0);
        return Arrays.asList(values);
    }
}
