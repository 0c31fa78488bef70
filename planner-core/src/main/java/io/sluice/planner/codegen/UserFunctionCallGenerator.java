package io.sluice.planner.codegen;

import io.sluice.planner.functions.UserScalarFunction;
import io.sluice.runtime.functions.DecimalFunctions;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/**
 * A call of a user-defined scalar function: the generated class holds one instance of the function and
 * calls the {@code eval} overload validation chose. A NULL argument for a primitive parameter makes the
 * result NULL without a call; other parameters receive {@code null}.
 */
final class UserFunctionCallGenerator {
    private final ExpressionGenerator generator;

    UserFunctionCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    GeneratedExpression generate(RexCall call, UserScalarFunction function) {
        Method eval = function.resolve(call.getOperands().stream().map(RexNode::getType).toList());
        if (eval == null) {
            throw new IllegalStateException("No eval method of " + function.getName() + " takes " + call.getOperands());
        }
        String instance = instance(function.implementation());
        Arguments arguments = arguments(eval, generator.generateOperands(call));
        List<GeneratedExpression> checked = arguments.checked();
        String result = instance + ".eval(" + String.join(", ", arguments.terms()) + ")";
        RelDataType type = call.getType();
        Class<?> returned = eval.getReturnType();
        if (returned == BigDecimal.class) {
            result = DecimalFunctions.class.getName() + ".fit(" + result + ", " + type.getPrecision() + ", "
                    + type.getScale() + ")";
        }
        boolean boxedNumber = !returned.isPrimitive() && JavaTypes.isPrimitive(JavaTypes.javaType(type));
        return boxedNumber ? generator.strictBoxed(type, checked, result) : generator.strict(type, checked, result);
    }

    /**
     * Statements that call a table function's {@code eval} with {@code call}'s operands, skipped when an
     * argument for a primitive parameter is NULL; {@code instance} holds the function.
     */
    String tableFunctionCall(RexCall call, Method eval, String instance) {
        Arguments arguments = arguments(eval, generator.generateOperands(call));
        StringBuilder code = new StringBuilder();
        arguments.checked().forEach(operand -> code.append(operand.code()));
        String anyNull = arguments.checked().stream().filter(GeneratedExpression::mayBeNull)
                .map(GeneratedExpression::nullTerm).reduce((a, b) -> a + " || " + b).orElse("false");
        return code + "if (!(" + anyNull + ")) {\n" + instance + ".eval(" + String.join(", ", arguments.terms())
                + ");\n}\n";
    }

    /** A field holding an instance of {@code implementation}, made with its no-argument constructor. */
    String instance(Class<?> implementation) {
        String className = implementation.getCanonicalName();
        return generator.context().instanceField(className, "new " + className + "()");
    }

    /**
     * The argument terms of a call of {@code eval}, and the operands whose NULL ends the call (primitive
     * parameters) or, for the others, only runs their code (their NULL is passed on as {@code null}).
     */
    private static Arguments arguments(Method eval, List<GeneratedExpression> operands) {
        List<GeneratedExpression> checked = new ArrayList<>();
        List<String> terms = new ArrayList<>();
        Class<?>[] parameters = eval.getParameterTypes();
        for (int i = 0; i < parameters.length; i++) {
            GeneratedExpression operand = operands.get(i);
            String value = convert(parameters[i], operand.valueTerm());
            if (parameters[i].isPrimitive()) {
                checked.add(operand);
                terms.add(value);
            } else {
                checked.add(new GeneratedExpression(operand.code(), GeneratedExpression.NEVER_NULL, operand.valueTerm(),
                        operand.type()));
                terms.add(operand.mayBeNull() ? "(" + operand.nullTerm() + " ? (" + parameters[i].getCanonicalName()
                        + ") null : " + value + ")" : value);
            }
        }
        return new Arguments(checked, terms);
    }

    private record Arguments(List<GeneratedExpression> checked, List<String> terms) {
    }

    /** {@code term} (the Java value of the argument's SQL type) as the parameter's type. */
    private static String convert(Class<?> parameter, String term) {
        if (parameter.isPrimitive()) {
            return parameter == boolean.class ? term : "((" + parameter.getName() + ") " + term + ")";
        }
        return switch (parameter.getSimpleName()) {
            case "Byte", "Short", "Integer", "Long", "Float", "Double" -> parameter.getSimpleName() + ".valueOf(("
                    + unboxedName(parameter) + ") " + term + ")";
            case "Boolean" -> "Boolean.valueOf(" + term + ")";
            default -> term;
        };
    }

    private static String unboxedName(Class<?> boxed) {
        return switch (boxed.getSimpleName()) {
            case "Byte" -> "byte";
            case "Short" -> "short";
            case "Integer" -> "int";
            case "Long" -> "long";
            case "Float" -> "float";
            default -> "double";
        };
    }
}
