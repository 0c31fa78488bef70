package io.sluice.runtime.operators.aggregate;

import io.sluice.api.types.LogicalType;
import java.util.function.IntFunction;

/**
 * SUM, SUM0 and AVG: a sum held as {@link NumericKind} plus the count of non-NULL inputs, which tells
 * SUM's NULL (no input) from 0 and is AVG's divisor.
 */
final class SumCode implements AggregateFunctionCode {
    /** What the value of the sum is. */
    enum Result { SUM, SUM0, AVG }

    private final String sum;
    private final String count;
    private final NumericKind kind;
    private final Result result;
    private final LogicalType resultType;

    SumCode(String prefix, NumericKind kind, Result result, LogicalType resultType) {
        this.sum = prefix + "sum";
        this.count = prefix + "count";
        this.kind = kind;
        this.result = result;
        this.resultType = resultType;
    }

    @Override
    public String fields() {
        return "private " + kind.javaType() + " " + sum + " = " + kind.zero() + ";\n"
                + "private long " + count + ";\n";
    }

    @Override
    public String accumulate(String value) {
        return sum + " = " + kind.add(sum, kind.fromInput(value)) + ";\n" + count + "++;\n";
    }

    @Override
    public String retract(String value) {
        return sum + " = " + kind.subtract(sum, kind.fromInput(value)) + ";\n" + count + "--;\n";
    }

    @Override
    public int partialArity() {
        return 2;
    }

    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = " + kind.box(sum) + ";\n"
                + slot.apply(1) + " = Long.valueOf(" + count + ");\n";
    }

    @Override
    public String merge(IntFunction<String> slot) {
        return sum + " = " + kind.add(sum, kind.unbox(slot.apply(0))) + ";\n"
                + count + " += " + NumericKind.LONG.unbox(slot.apply(1)) + ";\n";
    }

    @Override
    public String value() {
        return switch (result) {
            case SUM -> "(" + count + " == 0L ? null : " + kind.castTo(sum, resultType) + ")";
            case SUM0 -> kind.castTo(sum, resultType);
            case AVG -> "(" + count + " == 0L ? null : " + kind.divide(sum, count, resultType) + ")";
        };
    }
}
