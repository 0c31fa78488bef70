package io.sluice.runtime.operators.aggregate;

import java.util.function.IntFunction;

/**
 * The Java source fragments of one aggregate call inside a generated {@link Accumulators} class.
 * Field names start with the call's prefix, so calls do not clash.
 */
interface AggregateFunctionCode {

    /** Field declarations. */
    String fields();

    /** Statements adding {@code value}, an {@code Object} expression that is never NULL (except for COUNT(*)). */
    String accumulate(String value);

    /** Statements taking {@code value} back. */
    String retract(String value);

    /** Number of fields of this call's partial encoding. */
    int partialArity();

    /** Statements writing the partial encoding; {@code slot.apply(k)} is the k-th target element. */
    String writePartial(IntFunction<String> slot);

    /** Statements adding a partial encoding; {@code slot.apply(k)} is the k-th source element. */
    String merge(IntFunction<String> slot);

    /** An {@code Object} expression: the aggregate's value typed as its result type. */
    String value();

    /** A boolean expression: the value equals {@code other}, an {@code Object} expression. */
    default String valueEquals(String other) {
        return "java.util.Objects.equals(" + value() + ", " + other + ")";
    }
}
