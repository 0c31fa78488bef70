package io.sluice.planner.physical;

import io.sluice.runtime.plan.AggregateCall.AggFunction;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlKind;

/**
 * One aggregate of a physical aggregation.
 *
 * @param argIndex input field aggregated, -1 for {@code COUNT(*)}
 * @param name     output field name
 */
public record AggSpec(AggFunction function, int argIndex, boolean distinct, String name, RelDataType resultType) {

    /** The runtime's function for an aggregate of {@code kind}, or null when it has none. */
    static AggFunction functionOf(SqlKind kind) {
        return switch (kind) {
            case COUNT -> AggFunction.COUNT;
            case SUM -> AggFunction.SUM;
            case SUM0 -> AggFunction.SUM0;
            case MIN -> AggFunction.MIN;
            case MAX -> AggFunction.MAX;
            case AVG -> AggFunction.AVG;
            case FIRST_VALUE -> AggFunction.FIRST_VALUE;
            case LAST_VALUE -> AggFunction.LAST_VALUE;
            case LISTAGG -> AggFunction.LISTAGG;
            default -> null;
        };
    }

    /** The same aggregate reading field {@code index} of a different input. */
    public AggSpec withArgIndex(int index) {
        return new AggSpec(function, index, distinct, name, resultType);
    }

    /** {@code COUNT(*) AS cnt}, {@code SUM_RETRACT(amount) AS total}, {@code COUNT(DISTINCT x) AS n}. */
    public String describe(List<String> inputNames, boolean retracting) {
        String argument = argIndex < 0 ? "*" : (distinct ? "DISTINCT " : "") + inputNames.get(argIndex);
        return function.name() + (retracting ? "_RETRACT" : "") + "(" + argument + ") AS " + name;
    }
}
