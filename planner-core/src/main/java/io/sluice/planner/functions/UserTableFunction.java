package io.sluice.planner.functions;

import io.sluice.api.data.Row;
import io.sluice.api.functions.ResultType;
import io.sluice.api.functions.TableFunction;
import io.sluice.api.options.ValidationException;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.planner.parse.DataTypeParser;
import io.sluice.planner.types.LogicalTypes;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlTableFunction;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;

/**
 * A {@link TableFunction} registered by {@code CREATE FUNCTION}, as the validator sees it: a call is
 * valid when one of its {@code eval} methods takes the arguments' types (as a scalar function's), and
 * its rows have the columns of {@link #columns()}.
 */
public final class UserTableFunction extends SqlFunction implements SqlTableFunction {
    private final Class<?> implementation;
    private final List<Method> evals;
    private final LogicalType columns;
    private final boolean rowResult;
    private final boolean deterministic;

    private UserTableFunction(String name, Class<?> implementation, List<Method> evals, LogicalType columns,
                              boolean rowResult, boolean deterministic) {
        super(name, SqlKind.OTHER_FUNCTION, ReturnTypes.CURSOR, null, new EvalOperandChecker(evals),
                SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION);
        this.implementation = implementation;
        this.evals = evals;
        this.columns = columns;
        this.rowResult = rowResult;
        this.deterministic = deterministic;
    }

    /**
     * Checks that {@code implementation} has usable {@code eval} methods and a known result type.
     *
     * @throws ValidationException naming the function, the class and what is wrong with it
     */
    static UserTableFunction of(String name, Class<?> implementation, TableFunction<?> instance) {
        List<Method> evals = Arrays.stream(implementation.getMethods())
                .filter(method -> method.getName().equals("eval") && !Modifier.isStatic(method.getModifiers())
                        && method.getReturnType() == void.class
                        && Arrays.stream(method.getParameterTypes()).allMatch(JavaFunctionTypes::isSupported))
                .toList();
        if (evals.isEmpty()) {
            throw new ValidationException("Function '" + name + "': class '" + implementation.getName() + "' has no "
                    + "public void eval method whose parameter types map to SQL types (see docs/sql.md)");
        }
        Class<?> rows = rowClass(name, implementation);
        boolean rowResult = rows == Row.class;
        return new UserTableFunction(name, implementation, evals, columns(name, implementation, rows), rowResult,
                instance.isDeterministic());
    }

    /** {@code T} of {@code TableFunction<T>}, as the class (or a superclass) binds it. */
    private static Class<?> rowClass(String name, Class<?> implementation) {
        for (Class<?> c = implementation; c != null && c != TableFunction.class; c = c.getSuperclass()) {
            if (c.getGenericSuperclass() instanceof ParameterizedType parameterized
                    && parameterized.getRawType() == TableFunction.class) {
                Type row = parameterized.getActualTypeArguments()[0];
                if (row instanceof Class<?> rowClass && (rowClass == Row.class
                        || JavaFunctionTypes.isSupported(rowClass) && !rowClass.isPrimitive())) {
                    return rowClass;
                }
                break;
            }
        }
        throw new ValidationException("Function '" + name + "': class '" + implementation.getName() + "' must extend "
                + "TableFunction<T> with T " + Row.class.getName() + " (columns declared by @ResultType) or a Java "
                + "type of a SQL type, such as TableFunction<String>");
    }

    /** The columns: {@code @ResultType}'s ROW, or one column {@code f0} of the type {@code rows} stands for. */
    private static LogicalType columns(String name, Class<?> implementation, Class<?> rows) {
        ResultType declared = implementation.getAnnotation(ResultType.class);
        if (declared == null) {
            if (rows == Row.class) {
                throw new ValidationException("Function '" + name + "': class '" + implementation.getName()
                        + "' produces Rows, so it needs @ResultType(\"ROW<name type, ...>\") to declare their columns");
            }
            return null;
        }
        LogicalType type;
        try {
            type = DataTypeParser.parseType(declared.value());
        } catch (RuntimeException e) {
            throw new ValidationException("Function '" + name + "': @ResultType(\"" + declared.value() + "\") of class '"
                    + implementation.getName() + "' is not a SQL type: " + e.getMessage());
        }
        if (rows == Row.class ? type.root() != TypeRoot.ROW : type.javaClass() != rows) {
            throw new ValidationException("Function '" + name + "': @ResultType(\"" + declared.value() + "\") of class '"
                    + implementation.getName() + "' does not match its rows (" + rows.getSimpleName() + "): "
                    + (rows == Row.class ? "declare a ROW<name type, ...>" : "declare the SQL type of "
                    + rows.getSimpleName()));
        }
        return type.root() == TypeRoot.ROW ? type : LogicalType.row(List.of("f0"), List.of(type));
    }

    /** The class generated code instantiates, one instance per subtask. */
    public Class<?> implementation() {
        return implementation;
    }

    /** True when the function collects {@link Row}s, false when each collected value is its only column. */
    public boolean rowResult() {
        return rowResult;
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
    public SqlReturnTypeInference getRowTypeInference() {
        return binding -> rowType(binding.getTypeFactory());
    }

    /** The columns of the function's rows, each nullable. */
    private RelDataType rowType(RelDataTypeFactory factory) {
        if (columns != null) {
            RelDataTypeFactory.Builder builder = factory.builder();
            for (int i = 0; i < columns.fieldNames().size(); i++) {
                LogicalType field = columns.fieldTypes().get(i);
                builder.add(columns.fieldNames().get(i), factory.createTypeWithNullability(
                        LogicalTypes.toRelDataType(factory, field), true));
            }
            return builder.build();
        }
        return factory.builder().add("f0", factory.createTypeWithNullability(
                JavaFunctionTypes.sqlType(factory, rowClass(getName(), implementation)), true)).build();
    }
}
