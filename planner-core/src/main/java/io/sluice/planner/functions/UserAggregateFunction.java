package io.sluice.planner.functions;

import io.sluice.api.functions.AggregateFunction;
import io.sluice.api.options.ValidationException;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.util.Optionality;

/**
 * An {@link AggregateFunction} registered by {@code CREATE FUNCTION}, as the validator sees it: a call is
 * valid when one of its {@code accumulate} methods takes the arguments' types after the accumulator, and
 * its type is {@code getValue}'s return type, nullable.
 */
public final class UserAggregateFunction extends SqlAggFunction {
    private final Class<?> implementation;
    private final Class<?> accumulatorType;
    private final List<Method> accumulates;
    private final Class<?> resultType;

    private UserAggregateFunction(String name, Class<?> implementation, Class<?> accumulatorType,
                                  List<Method> accumulates, Class<?> resultType) {
        super(name, null, SqlKind.OTHER_FUNCTION, null, null, new AccumulateOperandChecker(accumulates),
                SqlFunctionCategory.USER_DEFINED_FUNCTION, false, false, Optionality.FORBIDDEN);
        this.implementation = implementation;
        this.accumulatorType = accumulatorType;
        this.accumulates = accumulates;
        this.resultType = resultType;
    }

    /**
     * Checks that {@code implementation} (an {@link AggregateFunction}) is usable.
     *
     * @throws ValidationException naming the function, the class and what is wrong with it
     */
    static UserAggregateFunction of(String name, Class<?> implementation) {
        Method create = method(name, implementation, "createAccumulator");
        Class<?> accumulator = create.getReturnType();
        if (!Serializable.class.isAssignableFrom(accumulator)) {
            throw new ValidationException("Function '" + name + "': the accumulator " + accumulator.getName()
                    + " of class '" + implementation.getName() + "' must be java.io.Serializable, as checkpoints copy it");
        }
        Class<?> result = method(name, implementation, "getValue").getReturnType();
        if (!JavaFunctionTypes.isSupported(result) || result.isPrimitive()) {
            throw new ValidationException("Function '" + name + "': class '" + implementation.getName() + "' must "
                    + "override getValue with a result type that maps to a SQL type, such as Long (not "
                    + result.getSimpleName() + ")");
        }
        List<Method> accumulates = Arrays.stream(implementation.getMethods())
                .filter(method -> method.getName().equals("accumulate") && takesAccumulator(method, accumulator))
                .toList();
        if (accumulates.isEmpty()) {
            throw new ValidationException("Function '" + name + "': class '" + implementation.getName() + "' has no "
                    + "public method accumulate(" + accumulator.getSimpleName() + " accumulator, ...) whose "
                    + "parameters map to SQL types (see docs/sql.md)");
        }
        return new UserAggregateFunction(name, implementation, accumulator, accumulates, result);
    }

    /** The most specific public method {@code name}, not a bridge for a generic signature. */
    private static Method method(String function, Class<?> implementation, String name) {
        return Arrays.stream(implementation.getMethods()).filter(m -> m.getName().equals(name) && !m.isBridge())
                .findFirst().orElseThrow(() -> new ValidationException("Function '" + function + "': class '"
                        + implementation.getName() + "' has no public " + name + " method"));
    }

    private static boolean takesAccumulator(Method method, Class<?> accumulator) {
        Class<?>[] parameters = method.getParameterTypes();
        return !Modifier.isStatic(method.getModifiers()) && method.getReturnType() == void.class
                && parameters.length >= 1 && parameters[0].isAssignableFrom(accumulator)
                && Arrays.stream(parameters).skip(1).allMatch(JavaFunctionTypes::isSupported);
    }

    public Class<?> implementation() {
        return implementation;
    }

    public Class<?> accumulatorType() {
        return accumulatorType;
    }

    /** The {@code accumulate} method a call with these argument types uses; null when none takes them. */
    public Method accumulate(List<RelDataType> argumentTypes) {
        return find(accumulates, argumentTypes);
    }

    private static Method find(List<Method> accumulates, List<RelDataType> argumentTypes) {
        for (Method method : accumulates) {
            Class<?>[] parameters = method.getParameterTypes();
            boolean fits = parameters.length == argumentTypes.size() + 1;
            for (int i = 1; i < parameters.length && fits; i++) {
                fits = JavaFunctionTypes.accepts(parameters[i], argumentTypes.get(i - 1));
            }
            if (fits) {
                return method;
            }
        }
        return null;
    }

    /** The {@code retract} method with {@code accumulate}'s parameters; null when the class has none. */
    public Method retract(Method accumulate) {
        try {
            Method retract = implementation.getMethod("retract", accumulate.getParameterTypes());
            return retract.getReturnType() == void.class ? retract : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** Whether the class has {@code merge(ACC accumulator, Iterable<ACC> others)}, as session windows need. */
    public boolean hasMerge() {
        return Arrays.stream(implementation.getMethods()).anyMatch(method -> method.getName().equals("merge")
                && !Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 2
                && method.getParameterTypes()[0].isAssignableFrom(accumulatorType)
                && method.getParameterTypes()[1].isAssignableFrom(List.class));
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        RelDataTypeFactory factory = binding.getTypeFactory();
        return factory.createTypeWithNullability(JavaFunctionTypes.sqlType(factory, resultType), true);
    }

    /** A call is valid when one of the {@code accumulate} methods takes its arguments. */
    private record AccumulateOperandChecker(List<Method> accumulates) implements SqlOperandTypeChecker {
        @Override
        public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
            boolean fits = find(accumulates, binding.collectOperandTypes()) != null;
            if (!fits && throwOnFailure) {
                throw binding.newValidationSignatureError();
            }
            return fits;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            int min = accumulates.stream().mapToInt(Method::getParameterCount).min().orElse(1) - 1;
            int max = accumulates.stream().mapToInt(Method::getParameterCount).max().orElse(1) - 1;
            return SqlOperandCountRanges.between(min, max);
        }

        @Override
        public String getAllowedSignatures(SqlOperator operator, String opName) {
            return accumulates.stream().map(method -> opName + Arrays.stream(method.getParameterTypes()).skip(1)
                    .map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")")))
                    .collect(Collectors.joining("\n"));
        }
    }
}
