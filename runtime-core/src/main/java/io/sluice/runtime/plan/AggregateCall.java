package io.sluice.runtime.plan;

import io.sluice.api.types.LogicalType;
import java.util.List;

/**
 * One aggregate of a group aggregation.
 *
 * @param function   which aggregate
 * @param argIndex   the input field aggregated; -1 for {@code COUNT(*)}
 * @param distinct   {@code COUNT(DISTINCT x)} and the like
 * @param retracting true when the input may retract, so the function must support retract
 *                   (printed as {@code COUNT_RETRACT}, ...)
 * @param argType    type of the input field (null for {@code COUNT(*)})
 * @param resultType type of the aggregate's value
 * @param name       output field name, as in {@code COUNT(*) AS cnt}
 * @param user       the user-defined function of a USER call, null for the others
 * @param separator  LISTAGG's separator, null for the others
 */
public record AggregateCall(AggFunction function, int argIndex, boolean distinct, boolean retracting,
                            LogicalType argType, LogicalType resultType, String name, UserAggregate user,
                            String separator) {

    /** A call of a built-in function. */
    public AggregateCall(AggFunction function, int argIndex, boolean distinct, boolean retracting,
                         LogicalType argType, LogicalType resultType, String name) {
        this(function, argIndex, distinct, retracting, argType, resultType, name, null, null);
    }

    /** A call of a user-defined function. */
    public AggregateCall(AggFunction function, int argIndex, boolean distinct, boolean retracting,
                         LogicalType argType, LogicalType resultType, String name, UserAggregate user) {
        this(function, argIndex, distinct, retracting, argType, resultType, name, user, null);
    }

    /**
     * A user-defined aggregate function's call.
     *
     * @param name             the function's name in SQL
     * @param functionClass    the {@code AggregateFunction} subclass
     * @param accumulatorClass its accumulator's class
     * @param parameterClasses the Java types of its {@code accumulate} method's parameters after the accumulator
     * @param argIndexes       the input fields passed to them
     * @param retractable      whether it has a {@code retract} method with the same parameters
     * @param mergeable        whether it has a {@code merge(ACC, Iterable<ACC>)} method, which session windows
     *                         need to join two sessions a row bridges
     */
    public record UserAggregate(String name, String functionClass, String accumulatorClass, List<String> parameterClasses,
                                List<Integer> argIndexes, boolean retractable, boolean mergeable) {
    }

    /** The aggregate functions the runtime implements. */
    public enum AggFunction {
        COUNT, SUM, SUM0, MIN, MAX, AVG, FIRST_VALUE, LAST_VALUE, LISTAGG, USER;

        /**
         * False for the functions whose value depends on the order rows arrive in: their accumulators
         * cannot be built from partial ones, so their aggregation has no local phase.
         */
        public boolean mergeable() {
            return this != FIRST_VALUE && this != LAST_VALUE && this != LISTAGG && this != USER;
        }
    }
}
