package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Comparisons: NULL when either side is NULL (except IS [NOT] DISTINCT FROM); numbers of different
 * types compare after promotion (to double when one is approximate, else to BigDecimal when one is
 * DECIMAL, else as long); a character string compared with another type is cast to that type.
 */
final class ComparisonGenerator {
    private final ExpressionGenerator generator;

    ComparisonGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    GeneratedExpression generate(RexCall call) {
        List<GeneratedExpression> operands = generator.generateOperands(call);
        GeneratedExpression left = operands.get(0);
        GeneratedExpression right = operands.get(1);
        if (JavaTypes.isCharacter(left.type().getSqlTypeName()) && !isCharacterOrNull(right.type())) {
            left = generator.casts().generate(left, right.type());
        } else if (JavaTypes.isCharacter(right.type().getSqlTypeName()) && !isCharacterOrNull(left.type())) {
            right = generator.casts().generate(right, left.type());
        }
        String equal = compare(SqlKind.EQUALS, left, right);
        return switch (call.getKind()) {
            case IS_DISTINCT_FROM -> distinct(call.getType(), left, right, "!=", "!" + equal);
            case IS_NOT_DISTINCT_FROM -> distinct(call.getType(), left, right, "==", equal);
            default -> generator.strict(call.getType(), List.of(left, right), compare(call.getKind(), left, right));
        };
    }

    private static boolean isCharacterOrNull(RelDataType type) {
        return JavaTypes.isCharacter(type.getSqlTypeName()) || type.getSqlTypeName() == SqlTypeName.NULL;
    }

    /**
     * Never NULL: when either side is NULL the answer is whether both are ({@code nullsOperator} compares
     * the null flags), otherwise {@code valuesCompared}.
     */
    private GeneratedExpression distinct(RelDataType type, GeneratedExpression left, GeneratedExpression right,
                                         String nullsOperator, String valuesCompared) {
        String value = "((" + left.nullTerm() + " || " + right.nullTerm() + ") ? (" + left.nullTerm() + " "
                + nullsOperator + " " + right.nullTerm() + ") : " + valuesCompared + ")";
        return generator.strict(type, List.of(stripNull(left), stripNull(right)), value);
    }

    private static GeneratedExpression stripNull(GeneratedExpression operand) {
        return new GeneratedExpression(operand.code(), GeneratedExpression.NEVER_NULL, operand.valueTerm(),
                operand.type());
    }

    private String compare(SqlKind kind, GeneratedExpression left, GeneratedExpression right) {
        SqlTypeName leftName = left.type().getSqlTypeName();
        SqlTypeName rightName = right.type().getSqlTypeName();
        if (JavaTypes.isNumeric(leftName) && JavaTypes.isNumeric(rightName)) {
            return compareNumbers(kind, left, right);
        }
        if (leftName == SqlTypeName.NULL || rightName == SqlTypeName.NULL) {
            return "false";
        }
        RelDataType common = commonType(left.type(), right.type());
        String leftTerm = converted(left, common);
        String rightTerm = converted(right, common);
        return switch (common.getSqlTypeName()) {
            case BOOLEAN -> primitive(kind, "Boolean.compare(" + leftTerm + ", " + rightTerm + ")", "0");
            case BINARY, VARBINARY -> kind == SqlKind.EQUALS
                    ? "java.util.Arrays.equals(" + leftTerm + ", " + rightTerm + ")"
                    : primitive(kind, "java.util.Arrays.compareUnsigned(" + leftTerm + ", " + rightTerm + ")", "0");
            default -> kind == SqlKind.EQUALS
                    ? leftTerm + ".equals(" + rightTerm + ")"
                    : primitive(kind, leftTerm + ".compareTo(" + rightTerm + ")", "0");
        };
    }

    private String compareNumbers(SqlKind kind, GeneratedExpression left, GeneratedExpression right) {
        SqlTypeName leftName = left.type().getSqlTypeName();
        SqlTypeName rightName = right.type().getSqlTypeName();
        SqlTypeName common;
        if (JavaTypes.isApproximate(leftName) || JavaTypes.isApproximate(rightName)) {
            common = SqlTypeName.DOUBLE;
        } else if (leftName == SqlTypeName.DECIMAL || rightName == SqlTypeName.DECIMAL) {
            String leftTerm = CastGenerator.numericTerm(left.valueTerm(), leftName, SqlTypeName.DECIMAL);
            String rightTerm = CastGenerator.numericTerm(right.valueTerm(), rightName, SqlTypeName.DECIMAL);
            return primitive(kind, leftTerm + ".compareTo(" + rightTerm + ")", "0");
        } else {
            common = SqlTypeName.BIGINT;
        }
        return primitive(kind, CastGenerator.numericTerm(left.valueTerm(), leftName, common),
                CastGenerator.numericTerm(right.valueTerm(), rightName, common));
    }

    /** Both sides of a non-numeric comparison in one type: the wider datetime, or the left type. */
    private RelDataType commonType(RelDataType left, RelDataType right) {
        if (left.getSqlTypeName() == right.getSqlTypeName()) {
            return left;
        }
        if (left.getSqlTypeName() == SqlTypeName.DATE) {
            return right;
        }
        return left;
    }

    private String converted(GeneratedExpression operand, RelDataType common) {
        if (operand.type().getSqlTypeName() == common.getSqlTypeName()
                || (JavaTypes.isCharacter(operand.type().getSqlTypeName())
                && JavaTypes.isCharacter(common.getSqlTypeName()))) {
            return operand.valueTerm();
        }
        return generator.casts().castTerm(operand.valueTerm(), operand.type(), common);
    }

    private static String primitive(SqlKind kind, String left, String right) {
        String operator = switch (kind) {
            case EQUALS -> "==";
            case NOT_EQUALS -> "!=";
            case LESS_THAN -> "<";
            case LESS_THAN_OR_EQUAL -> "<=";
            case GREATER_THAN -> ">";
            case GREATER_THAN_OR_EQUAL -> ">=";
            default -> throw new CodeGenerationException("Comparison " + kind + " is not supported");
        };
        return "(" + left + " " + operator + " " + right + ")";
    }
}
