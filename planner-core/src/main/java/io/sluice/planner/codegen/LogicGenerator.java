package io.sluice.planner.codegen;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/**
 * Three-valued logic and conditional expressions. AND, OR, CASE and COALESCE evaluate their operands
 * lazily, so that a branch not taken never runs (and never fails, as a division by zero would).
 */
final class LogicGenerator {
    private final ExpressionGenerator generator;

    LogicGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    GeneratedExpression generate(RexCall call) {
        return switch (call.getKind()) {
            case AND -> junction(call, true);
            case OR -> junction(call, false);
            case NOT -> unary(call, "!%v");
            case IS_NULL -> test(call, "%n");
            case IS_NOT_NULL -> test(call, "!%n");
            case IS_TRUE -> test(call, "(!%n && %v)");
            case IS_NOT_TRUE -> test(call, "(%n || !%v)");
            case IS_FALSE -> test(call, "(!%n && !%v)");
            case IS_NOT_FALSE -> test(call, "(%n || %v)");
            case CASE -> caseWhen(call);
            default -> coalesce(call);
        };
    }

    private GeneratedExpression unary(RexCall call, String template) {
        GeneratedExpression operand = generator.generate(call.getOperands().get(0));
        return generator.strict(call.getType(), List.of(operand), fill(template, operand));
    }

    /** IS [NOT] NULL/TRUE/FALSE: never NULL. */
    private GeneratedExpression test(RexCall call, String template) {
        GeneratedExpression operand = generator.generate(call.getOperands().get(0));
        String result = generator.context().newName("test");
        String code = operand.code() + "boolean " + result + " = " + fill(template, operand) + ";\n";
        return new GeneratedExpression(code, GeneratedExpression.NEVER_NULL, result, call.getType());
    }

    private static String fill(String template, GeneratedExpression operand) {
        return template.replace("%n", operand.nullTerm()).replace("%v", operand.valueTerm());
    }

    /**
     * AND ({@code isAnd}) or OR: the first operand equal to the dominant value (FALSE for AND, TRUE for
     * OR) decides without evaluating the rest; otherwise NULL when any operand was NULL.
     */
    private GeneratedExpression junction(RexCall call, boolean isAnd) {
        String value = generator.context().newName("result");
        GeneratedExpression result = new GeneratedExpression("", value + "IsNull", value, call.getType());
        StringBuilder code = new StringBuilder("boolean ").append(result.nullTerm()).append(" = false;\n")
                .append("boolean ").append(value).append(" = ").append(isAnd).append(";\n");
        String dominant = isAnd ? "!" : "";
        StringBuilder closing = new StringBuilder();
        for (RexNode node : call.getOperands()) {
            GeneratedExpression operand = generator.generate(node);
            code.append(operand.code())
                    .append("if (!").append(operand.nullTerm()).append(" && ").append(dominant)
                    .append(operand.valueTerm()).append(") {\n")
                    .append(result.nullTerm()).append(" = false;\n")
                    .append(result.valueTerm()).append(" = ").append(!isAnd).append(";\n")
                    .append("} else {\n")
                    .append(result.nullTerm()).append(" = ").append(result.nullTerm()).append(" || ")
                    .append(operand.nullTerm()).append(";\n");
            closing.append("}\n");
        }
        code.append(closing);
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), call.getType());
    }

    /** CASE WHEN c1 THEN v1 [WHEN ...] [ELSE e] END; a missing ELSE is NULL. */
    private GeneratedExpression caseWhen(RexCall call) {
        List<RexNode> operands = call.getOperands();
        StringBuilder code = new StringBuilder();
        GeneratedExpression result = generator.declareResult(call.getType(), code);
        StringBuilder closing = new StringBuilder();
        int i = 0;
        for (; i + 1 < operands.size(); i += 2) {
            GeneratedExpression condition = generator.generate(operands.get(i));
            code.append(condition.code()).append("if (!").append(condition.nullTerm()).append(" && ")
                    .append(condition.valueTerm()).append(") {\n");
            appendAssignment(code, result, operands.get(i + 1), call.getType());
            code.append("} else {\n");
            closing.append("}\n");
        }
        if (i < operands.size()) {
            appendAssignment(code, result, operands.get(i), call.getType());
        }
        code.append(closing);
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), call.getType());
    }

    /** COALESCE(a, b, ...): the first operand that is not NULL. */
    private GeneratedExpression coalesce(RexCall call) {
        StringBuilder code = new StringBuilder();
        GeneratedExpression result = generator.declareResult(call.getType(), code);
        StringBuilder closing = new StringBuilder();
        List<RexNode> operands = call.getOperands();
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) {
                code.append("if (").append(result.nullTerm()).append(") {\n");
                closing.append("}\n");
            }
            appendAssignment(code, result, operands.get(i), call.getType());
        }
        code.append(closing);
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), call.getType());
    }

    private void appendAssignment(StringBuilder code, GeneratedExpression result, RexNode node, RelDataType type) {
        GeneratedExpression value = generator.generateAs(node, type);
        code.append(value.code()).append(result.nullTerm()).append(" = ").append(value.nullTerm()).append(";\n");
        if (!value.nullTerm().equals("true")) {
            code.append(result.valueTerm()).append(" = ").append(value.valueTerm()).append(";\n");
        }
    }
}
