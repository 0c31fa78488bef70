package io.sluice.planner.physical;

import io.sluice.planner.functions.UserAggregateFunction;
import io.sluice.runtime.plan.AggregateCall.AggFunction;
import io.sluice.runtime.plan.AggregateCall.UserAggregate;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlKind;

/**
 * One aggregate of a physical aggregation.
 *
 * @param argIndex input field aggregated, -1 for {@code COUNT(*)}; a user-defined function's first argument
 * @param name     output field name
 * @param user      a user-defined function's call (its argument indexes are of the same input), else null
 * @param separator LISTAGG's separator, else null
 */
public record AggSpec(AggFunction function, int argIndex, boolean distinct, String name, RelDataType resultType,
                      UserAggregate user, String separator) {

    /** A built-in aggregate. */
    public AggSpec(AggFunction function, int argIndex, boolean distinct, String name, RelDataType resultType) {
        this(function, argIndex, distinct, name, resultType, null, null);
    }

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

    /** A call of {@code function} on the input fields {@code args}, of the types {@code argTypes}. */
    static AggSpec user(UserAggregateFunction function, List<Integer> args, List<RelDataType> argTypes, String name,
                        RelDataType resultType) {
        Method accumulate = function.accumulate(argTypes);
        UserAggregate user = new UserAggregate(function.getName(), function.implementation().getCanonicalName(),
                function.accumulatorType().getCanonicalName(), Arrays.stream(accumulate.getParameterTypes()).skip(1)
                        .map(Class::getCanonicalName).toList(), args, function.retract(accumulate) != null, function.hasMerge());
        return new AggSpec(AggFunction.USER, args.isEmpty() ? -1 : args.get(0), false, name, resultType, user, null);
    }

    /** The same aggregate over a different input, where field {@code i} of the old one is {@code newIndex(i)}. */
    public AggSpec remap(IntUnaryOperator newIndex) {
        if (user == null) {
            return argIndex < 0 ? this
                    : new AggSpec(function, newIndex.applyAsInt(argIndex), distinct, name, resultType, null, separator);
        }
        UserAggregate moved = new UserAggregate(user.name(), user.functionClass(), user.accumulatorClass(),
                user.parameterClasses(), user.argIndexes().stream().map(newIndex::applyAsInt).toList(),
                user.retractable(), user.mergeable());
        return new AggSpec(function, argIndex < 0 ? argIndex : newIndex.applyAsInt(argIndex), false, name, resultType,
                moved, null);
    }

    /** The input fields the aggregate reads: none for {@code COUNT(*)}, every argument of a user-defined one. */
    public List<Integer> argIndexes() {
        if (user != null) {
            return user.argIndexes();
        }
        return argIndex < 0 ? List.of() : List.of(argIndex);
    }

    /** {@code COUNT(*) AS cnt}, {@code SUM_RETRACT(amount) AS total}, {@code COUNT(DISTINCT x) AS n}. */
    public String describe(List<String> inputNames, boolean retracting) {
        if (user != null) {
            return user.name() + "(" + user.argIndexes().stream().map(inputNames::get)
                    .collect(Collectors.joining(", ")) + ") AS " + name;
        }
        String argument = argIndex < 0 ? "*" : (distinct ? "DISTINCT " : "") + inputNames.get(argIndex);
        return function.name() + (retracting ? "_RETRACT" : "") + "(" + argument + ") AS " + name;
    }
}
