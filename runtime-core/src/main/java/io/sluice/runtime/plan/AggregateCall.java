package io.sluice.runtime.plan;

import io.sluice.api.types.LogicalType;

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
 */
public record AggregateCall(AggFunction function, int argIndex, boolean distinct, boolean retracting,
                            LogicalType argType, LogicalType resultType, String name) {

    /** The aggregate functions the runtime implements. */
    public enum AggFunction {
        COUNT, SUM, SUM0, MIN, MAX, AVG, FIRST_VALUE, LAST_VALUE, LISTAGG;

        /**
         * False for the functions whose value depends on the order rows arrive in: their accumulators
         * cannot be built from partial ones, so their aggregation has no local phase.
         */
        public boolean mergeable() {
            return this != FIRST_VALUE && this != LAST_VALUE && this != LISTAGG;
        }
    }
}
