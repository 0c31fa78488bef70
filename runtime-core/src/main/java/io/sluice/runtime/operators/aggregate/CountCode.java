package io.sluice.runtime.operators.aggregate;

import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import java.util.function.IntFunction;

/** COUNT(*) and COUNT(x): a primitive count (NULL inputs never reach it for COUNT(x)). */
final class CountCode implements AggregateFunctionCode {
    private final String count;
    private final LogicalType resultType;

    CountCode(String prefix, LogicalType resultType) {
        this.count = prefix + "count";
        this.resultType = resultType;
    }

    @Override
    public String fields() {
        return "private long " + count + ";\n";
    }

    @Override
    public String accumulate(String value) {
        return count + "++;\n";
    }

    @Override
    public String retract(String value) {
        return count + "--;\n";
    }

    @Override
    public int partialArity() {
        return 1;
    }

    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = Long.valueOf(" + count + ");\n";
    }

    @Override
    public String merge(IntFunction<String> slot) {
        return count + " += " + NumericKind.LONG.unbox(slot.apply(0)) + ";\n";
    }

    @Override
    public String value() {
        return NumericKind.LONG.castTo(count, resultType);
    }

    @Override
    public String valueEquals(String other) {
        if (resultType.root() != TypeRoot.BIGINT) {
            return AggregateFunctionCode.super.valueEquals(other);
        }
        return "(" + other + " instanceof Long && ((Long) " + other + ").longValue() == " + count + ")";
    }
}
