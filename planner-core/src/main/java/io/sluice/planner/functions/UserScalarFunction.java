package io.sluice.planner.functions;

import io.sluice.api.functions.ScalarFunction;
import io.sluice.api.options.ValidationException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;

/**
 * A {@link ScalarFunction} registered by {@code CREATE FUNCTION}, as the validator sees it: a call is
 * valid when one of the class's {@code eval} methods takes the arguments' types ({@link JavaFunctionTypes}),
 * and its type is that method's return type.
 */
public final class UserScalarFunction extends SqlFunction {
    private final Class<? extends ScalarFunction> implementation;
    private final List<Method> evals;
    private final boolean deterministic;

    private UserScalarFunction(String name, Class<? extends ScalarFunction> implementation, List<Method> evals,
                               boolean deterministic) {
        super(name, SqlKind.OTHER_FUNCTION, null, null, new EvalOperandChecker(evals),
                SqlFunctionCategory.USER_DEFINED_FUNCTION);
        this.implementation = implementation;
        this.evals = evals;
        this.deterministic = deterministic;
    }

    /**
     * Checks that {@code implementation} has usable {@code eval} methods.
     *
     * @throws ValidationException naming the function, the class and what is wrong with it
     */
    static UserScalarFunction of(String name, Class<? extends ScalarFunction> implementation,
                                 ScalarFunction instance) {
        List<Method> evals = Arrays.stream(implementation.getMethods())
                .filter(method -> method.getName().equals("eval") && !Modifier.isStatic(method.getModifiers()))
                .filter(UserScalarFunction::hasSqlTypes).toList();
        if (evals.isEmpty()) {
            throw new ValidationException("Function '" + name + "': class '" + implementation.getName() + "' has no "
                    + "public eval method whose parameter and return types map to SQL types (see docs/sql.md)");
        }
        return new UserScalarFunction(name, implementation, evals, instance.isDeterministic());
    }

    private static boolean hasSqlTypes(Method method) {
        return JavaFunctionTypes.isSupported(method.getReturnType())
                && Arrays.stream(method.getParameterTypes()).allMatch(JavaFunctionTypes::isSupported);
    }

    /** The class generated code instantiates, one instance per generated class. */
    public Class<? extends ScalarFunction> implementation() {
        return implementation;
    }

    /** The {@code eval} method a call with these argument types uses; null when none takes them. */
    public Method resolve(List<RelDataType> argumentTypes) {
        return EvalOperandChecker.resolve(evals, argumentTypes);
    }

    @Override
    public boolean isDeterministic() {
        return deterministic;
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        List<RelDataType> arguments = binding.collectOperandTypes();
        Method eval = resolve(arguments);
        if (eval == null) {
            throw new IllegalStateException("validated call of " + getName() + " has no eval method");
        }
        RelDataTypeFactory factory = binding.getTypeFactory();
        RelDataType type = JavaFunctionTypes.sqlType(factory, eval.getReturnType());
        boolean strictNull = false;
        for (int i = 0; i < arguments.size(); i++) {
            strictNull |= arguments.get(i).isNullable() && eval.getParameterTypes()[i].isPrimitive();
        }
        return factory.createTypeWithNullability(type, !eval.getReturnType().isPrimitive() || strictNull);
    }
}
