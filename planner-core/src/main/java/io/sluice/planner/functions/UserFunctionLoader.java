package io.sluice.planner.functions;

import io.sluice.api.functions.AggregateFunction;
import io.sluice.api.functions.ScalarFunction;
import io.sluice.api.functions.TableFunction;
import io.sluice.api.options.ValidationException;
import java.lang.reflect.Modifier;
import org.apache.calcite.sql.SqlFunction;

/** Loads the class of {@code CREATE FUNCTION name AS 'class'}: a scalar, a table or an aggregate function. */
public final class UserFunctionLoader {
    private UserFunctionLoader() {
    }

    /**
     * Loads {@code className} with {@code loader} and checks that it is a usable function.
     *
     * @throws ValidationException naming the function, the class and what is wrong with it
     */
    public static SqlFunction load(String name, String className, ClassLoader loader) {
        Class<?> loaded;
        try {
            loaded = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new ValidationException("Function '" + name + "': class '" + className + "' cannot be loaded ("
                    + e + "); ADD JAR its jar first, or put the jar on SLUICE_CLASSPATH");
        }
        if (ScalarFunction.class.isAssignableFrom(loaded)) {
            Class<? extends ScalarFunction> scalar = loaded.asSubclass(ScalarFunction.class);
            return UserScalarFunction.of(name, scalar, instantiate(name, scalar));
        }
        if (AggregateFunction.class.isAssignableFrom(loaded)) {
            instantiate(name, loaded);
            return UserAggregateFunction.of(name, loaded);
        }
        if (TableFunction.class.isAssignableFrom(loaded)) {
            return UserTableFunction.of(name, loaded, (TableFunction<?>) instantiate(name, loaded));
        }
        throw new ValidationException("Function '" + name + "': class '" + className + "' does not extend "
                + ScalarFunction.class.getName() + ", " + TableFunction.class.getName() + " or "
                + AggregateFunction.class.getName());
    }

    private static <T> T instantiate(String name, Class<T> implementation) {
        try {
            if (!Modifier.isPublic(implementation.getModifiers())) {
                throw new NoSuchMethodException("the class is not public");
            }
            return implementation.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ValidationException("Function '" + name + "': class '" + implementation.getName()
                    + "' needs to be public with a public constructor without arguments (" + e + ")");
        }
    }
}
