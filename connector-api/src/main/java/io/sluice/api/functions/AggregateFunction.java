package io.sluice.api.functions;

/**
 * A user-defined aggregate function, registered with {@code CREATE FUNCTION name AS 'com.example.MyAgg'}
 * and called in SQL as {@code name(arg, ...)} in a GROUP BY, a window aggregation or an OVER window, as in
 * Flink.
 *
 * <p>A subclass is public with a public no-argument constructor and declares, besides the two methods
 * below, one or more public methods {@code void accumulate(ACC accumulator, <params>)}, chosen by the
 * arguments' types as a scalar function's {@code eval} is (see {@link ScalarFunction} for how SQL types
 * map to Java types), and, when the input may take rows back (an update or delete of a changelog), a
 * {@code void retract(ACC accumulator, <params>)} with the same parameters. A row whose argument is NULL
 * for a primitive parameter is skipped. {@code getValue} declares the result's Java type, so the
 * subclass overrides it with that type, such as {@code public Long getValue(MyAccumulator acc)}.
 *
 * <p>In a SESSION window aggregation a row can bridge two sessions of a key, which then become one: the
 * function needs a {@code void merge(ACC accumulator, Iterable<ACC> others)} that adds the others' rows to
 * {@code accumulator}.
 *
 * <p>All state lives in the accumulator, one per group: the function object is shared and must keep
 * none. The accumulator is {@link java.io.Serializable}, because checkpoints copy it.
 *
 * @param <T>   the result type
 * @param <ACC> the accumulator type
 */
public abstract class AggregateFunction<T, ACC> {

    /** A new, empty accumulator for a group. */
    public abstract ACC createAccumulator();

    /** The aggregate's value for the rows accumulated (and not retracted) so far; null for SQL NULL. */
    public abstract T getValue(ACC accumulator);

    /** False when the result may differ for the same rows: the planner then never folds it ahead of time. */
    public boolean isDeterministic() {
        return true;
    }
}
