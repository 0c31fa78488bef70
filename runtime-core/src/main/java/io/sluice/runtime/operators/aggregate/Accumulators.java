package io.sluice.runtime.operators.aggregate;

import io.sluice.api.data.Row;

/**
 * The accumulators of one group: a row count plus one accumulator per aggregate call. Implementations
 * are generated per operator by {@link AccumulatorsGenerator} and compiled with Janino, so each group
 * costs one small object with primitive fields where the function allows it.
 *
 * <p><b>Partial encoding.</b> {@link #writePartial} lays the accumulators out as plain JDK values, the
 * form that the local phase of two-phase aggregation emits and that checkpoints store: first the row
 * count ({@code Long}), then per aggregate call, in order:
 * <ul>
 *   <li>COUNT: the count ({@code Long});</li>
 *   <li>SUM, SUM0, AVG: the sum ({@code Long} for integral, {@code Double} for approximate,
 *       {@code BigDecimal} for DECIMAL arguments), then the count of non-NULL inputs ({@code Long});</li>
 *   <li>MIN, MAX: the current value (NULL when none); when retracting, a {@code TreeMap} value -> count;</li>
 *   <li>any DISTINCT call: only a {@code HashMap} value -> count (its function's state follows from it).</li>
 * </ul>
 * {@link #merge} adds such an encoding, so restoring is {@code newEmpty().merge(partial)}.
 */
public interface Accumulators {

    /** Fresh accumulators of the same generated class. */
    Accumulators newEmpty();

    /** Adds an input row (+I, +U). */
    void accumulate(Row input);

    /** Takes an input row back (-U, -D). */
    void retract(Row input);

    /** Accumulates a +I/+U row, retracts a -U/-D row. */
    default void applyChange(Row input) {
        if (input.kind().isAccumulate()) {
            accumulate(input);
        } else {
            retract(input);
        }
    }

    /** Adds the partial accumulators encoded in {@code partial[offset ..]}. */
    void merge(Object[] partial, int offset);

    /** Writes the partial encoding into {@code target[offset ..]}; maps are copied. */
    void writePartial(Object[] target, int offset);

    /** Number of fields of the partial encoding. */
    int partialArity();

    /** Rows accumulated minus rows retracted. */
    long rowCount();

    /** Writes the aggregate values, typed as the calls' result types, into {@code target[offset ..]}. */
    void writeValues(Object[] target, int offset);

    /** True while a mini-batch bundle holds these accumulators; false for new ones (see {@link TouchedKeys}). */
    boolean inBundle();

    void setInBundle(boolean inBundle);

    /** True when the current aggregate values equal {@code values[offset ..]} (the generated result equaliser). */
    boolean valuesEqual(Object[] values, int offset);
}
