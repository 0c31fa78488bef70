package io.sluice.planner.codegen;

import io.sluice.api.options.ValidationException;
import io.sluice.runtime.codegen.CodeGenerationException;
import io.sluice.runtime.functions.StringFunctions;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * String functions: UPPER, LOWER, CONCAT ({@code ||}), CONCAT_WS, SUBSTRING, TRIM (and LTRIM, RTRIM,
 * BTRIM, blanks by default), CHAR_LENGTH, LIKE.
 */
final class StringCallGenerator {
    private static final String STRING_FUNCTIONS = StringFunctions.class.getName();
    private static final Set<String> NAMES = Set.of("UPPER", "LOWER", "||", "CONCAT", "CONCAT_WS", "SUBSTRING",
            "CHAR_LENGTH", "CHARACTER_LENGTH", "LTRIM", "RTRIM", "BTRIM");

    private final ExpressionGenerator generator;

    StringCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    boolean handles(String functionName) {
        return NAMES.contains(functionName);
    }

    GeneratedExpression generate(RexCall call) {
        if (call.getKind() == SqlKind.LIKE) {
            return like(call);
        }
        if (call.getKind() == SqlKind.TRIM) {
            return trim(call);
        }
        String name = call.getOperator().getName();
        if (name.equals("CONCAT_WS")) {
            return concatWithSeparator(call);
        }
        List<GeneratedExpression> operands = generator.generateOperands(call);
        String first = operands.get(0).valueTerm();
        String value = switch (name) {
            case "UPPER" -> first + ".toUpperCase(java.util.Locale.ROOT)";
            case "LOWER" -> first + ".toLowerCase(java.util.Locale.ROOT)";
            case "||", "CONCAT" -> operands.stream().map(operand -> "(" + operand.valueTerm() + ")")
                    .collect(Collectors.joining(" + ", "(\"\" + ", ")"));
            case "SUBSTRING" -> substring(call, first, operands);
            case "CHAR_LENGTH", "CHARACTER_LENGTH" -> first + ".codePointCount(0, " + first + ".length())";
            case "LTRIM", "RTRIM", "BTRIM" -> STRING_FUNCTIONS + ".trim(" + first + ", "
                    + (operands.size() > 1 ? operands.get(1).valueTerm() : "\" \"") + ", " + !name.equals("RTRIM") + ", "
                    + !name.equals("LTRIM") + ")";
            default -> throw new CodeGenerationException("Function " + name + " is not supported");
        };
        return generator.strict(call.getType(), operands, value);
    }

    /** SUBSTRING(text, position[, length]); position and length are integers, as in Flink. */
    private static String substring(RexCall call, String text, List<GeneratedExpression> operands) {
        for (int i = 1; i < operands.size(); i++) {
            RexNode operand = call.getOperands().get(i);
            if (!SqlTypeName.INT_TYPES.contains(operand.getType().getSqlTypeName())) {
                throw new ValidationException("SUBSTRING's " + (i == 1 ? "position" : "length") + " must be an "
                        + "integer, not " + asWritten(operand).getFullTypeString().replace(" NOT NULL", ""));
            }
        }
        return STRING_FUNCTIONS + ".substring(" + text + operands.stream().skip(1)
                .map(operand -> ", (long) " + operand.valueTerm()).collect(Collectors.joining()) + ")";
    }

    /** The type of {@code operand} as the query wrote it: a string, not the decimal Calcite casts it to. */
    private static RelDataType asWritten(RexNode operand) {
        return operand instanceof RexCall cast && cast.getKind() == SqlKind.CAST
                && SqlTypeUtil.inCharFamily(cast.getOperands().get(0).getType())
                ? cast.getOperands().get(0).getType() : operand.getType();
    }

    /** CONCAT_WS(separator, values...): NULL only when the separator is; NULL values are skipped. */
    private GeneratedExpression concatWithSeparator(RexCall call) {
        GeneratedExpression separator = generator.generate(call.getOperands().get(0));
        StringBuilder code = new StringBuilder(separator.code());
        GeneratedExpression result = generator.declareResult(call.getType(), code);
        String builder = generator.context().newName("builder");
        String first = generator.context().newName("first");
        code.append("if (!").append(separator.nullTerm()).append(") {\n")
                .append("StringBuilder ").append(builder).append(" = new StringBuilder();\n")
                .append("boolean ").append(first).append(" = true;\n");
        for (RexNode node : call.getOperands().subList(1, call.getOperands().size())) {
            GeneratedExpression operand = generator.generate(node);
            code.append(operand.code()).append("if (!").append(operand.nullTerm()).append(") {\n")
                    .append("if (!").append(first).append(") {\n").append(builder).append(".append(")
                    .append(separator.valueTerm()).append(");\n}\n")
                    .append(builder).append(".append(").append(operand.valueTerm()).append(");\n")
                    .append(first).append(" = false;\n}\n");
        }
        code.append(result.valueTerm()).append(" = ").append(builder).append(".toString();\n")
                .append(result.nullTerm()).append(" = false;\n}\n");
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), call.getType());
    }

    /** TRIM(flag, characters, value), the operands Calcite gives TRIM([BOTH|LEADING|TRAILING] c FROM s). */
    private GeneratedExpression trim(RexCall call) {
        SqlTrimFunction.Flag flag = ((RexLiteral) call.getOperands().get(0)).getValueAs(SqlTrimFunction.Flag.class);
        GeneratedExpression characters = generator.generate(call.getOperands().get(1));
        GeneratedExpression value = generator.generate(call.getOperands().get(2));
        String trimmed = STRING_FUNCTIONS + ".trim(" + value.valueTerm() + ", " + characters.valueTerm() + ", "
                + (flag.getLeft() == 1) + ", " + (flag.getRight() == 1) + ")";
        return generator.strict(call.getType(), List.of(characters, value), trimmed);
    }

    /** LIKE with a constant pattern compiles it once, into a static field. */
    private GeneratedExpression like(RexCall call) {
        SqlLikeOperator operator = (SqlLikeOperator) call.getOperator();
        List<GeneratedExpression> operands = generator.generateOperands(call);
        String value = operands.get(0).valueTerm();
        String matches;
        if (isConstant(call.getOperands().subList(1, call.getOperands().size()))) {
            String pattern = generator.context().staticField("java.util.regex.Pattern", "java.util.regex.Pattern.compile("
                    + JavaLiterals.string(regex(call)) + ", " + patternFlags(operator) + ")");
            matches = pattern + ".matcher(" + value + ").matches()";
        } else {
            String escape = operands.size() > 2 ? operands.get(2).valueTerm() : "null";
            String lower = operator.isCaseSensitive() ? "" : ".toLowerCase(java.util.Locale.ROOT)";
            matches = STRING_FUNCTIONS + ".like(" + value + lower + ", " + operands.get(1).valueTerm() + lower + ", "
                    + escape + ")";
        }
        return generator.strict(call.getType(), operands, (operator.isNegated() ? "!" : "") + matches);
    }

    private static boolean isConstant(List<RexNode> nodes) {
        return nodes.stream().allMatch(node -> node instanceof RexLiteral literal && !literal.isNull());
    }

    private static String regex(RexCall call) {
        String pattern = ((RexLiteral) call.getOperands().get(1)).getValueAs(String.class);
        String escape = call.getOperands().size() > 2
                ? ((RexLiteral) call.getOperands().get(2)).getValueAs(String.class) : null;
        try {
            return StringFunctions.likeToRegex(pattern, escape);
        } catch (IllegalArgumentException e) {
            throw new CodeGenerationException(e.getMessage(), e);
        }
    }

    private static String patternFlags(SqlLikeOperator operator) {
        return operator.isCaseSensitive()
                ? "java.util.regex.Pattern.DOTALL"
                : "java.util.regex.Pattern.DOTALL | java.util.regex.Pattern.CASE_INSENSITIVE"
                + " | java.util.regex.Pattern.UNICODE_CASE";
    }
}
