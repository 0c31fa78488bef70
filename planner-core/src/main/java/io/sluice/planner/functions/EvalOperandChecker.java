package io.sluice.planner.functions;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;

/** A call is valid when one of the {@code eval} methods takes its arguments. */
record EvalOperandChecker(List<Method> evals) implements SqlOperandTypeChecker {
    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        if (resolve(evals, binding.collectOperandTypes()) != null) {
            return true;
        }
        if (throwOnFailure) {
            throw binding.newValidationSignatureError();
        }
        return false;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        int min = evals.stream().mapToInt(Method::getParameterCount).min().orElse(0);
        int max = evals.stream().mapToInt(Method::getParameterCount).max().orElse(0);
        return SqlOperandCountRanges.between(min, max);
    }

    @Override
    public String getAllowedSignatures(SqlOperator operator, String opName) {
        return evals.stream().map(eval -> opName + Arrays.stream(eval.getParameterTypes())
                .map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")")))
                .collect(Collectors.joining("\n"));
    }

    /** The first of {@code evals} whose parameters take {@code argumentTypes}; null when none does. */
    static Method resolve(List<Method> evals, List<RelDataType> argumentTypes) {
        for (Method eval : evals) {
            Class<?>[] parameters = eval.getParameterTypes();
            if (parameters.length != argumentTypes.size()) {
                continue;
            }
            boolean fits = true;
            for (int i = 0; i < parameters.length && fits; i++) {
                fits = JavaFunctionTypes.accepts(parameters[i], argumentTypes.get(i));
            }
            if (fits) {
                return eval;
            }
        }
        return null;
    }
}
