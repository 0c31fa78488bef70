package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Arithmetic in the call's result type, as the validator derived it: integers wrap like Java (as Flink)
 * and fail on division by zero, DECIMAL results are rounded HALF_UP to the result scale and overflow to
 * NULL, and datetime plus or minus an interval moves the datetime.
 */
final class ArithmeticGenerator {
    private final ExpressionGenerator generator;

    ArithmeticGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    GeneratedExpression generate(RexCall call) {
        List<GeneratedExpression> operands = generator.generateOperands(call);
        RelDataType type = call.getType();
        if (isDatetime(type)) {
            return datetimePlusInterval(call, operands);
        }
        if (JavaTypes.isInterval(type.getSqlTypeName()) && isDatetime(operands.get(0).type())) {
            return datetimeDifference(type, operands.get(0), operands.get(1));
        }
        return switch (call.getKind()) {
            case PLUS_PREFIX -> generator.casts().generate(operands.get(0), type);
            case MINUS_PREFIX -> negate(operands.get(0), type);
            default -> binary(call.getKind(), type, operands.get(0), operands.get(1));
        };
    }

    private GeneratedExpression negate(GeneratedExpression operand, RelDataType type) {
        String term = CastGenerator.numericTerm(operand.valueTerm(), operand.type().getSqlTypeName(),
                type.getSqlTypeName());
        String value = type.getSqlTypeName() == SqlTypeName.DECIMAL
                ? term + ".negate()"
                : "((" + JavaTypes.javaType(type) + ") -" + term + ")";
        return generator.strict(type, List.of(operand), value);
    }

    private GeneratedExpression binary(SqlKind kind, RelDataType type, GeneratedExpression left,
                                       GeneratedExpression right) {
        SqlTypeName typeName = type.getSqlTypeName();
        String leftTerm = CastGenerator.numericTerm(left.valueTerm(), left.type().getSqlTypeName(),
                leftOperandType(kind, left.type().getSqlTypeName(), typeName));
        String rightTerm = CastGenerator.numericTerm(right.valueTerm(), right.type().getSqlTypeName(), typeName);
        String value;
        if (typeName == SqlTypeName.DECIMAL) {
            value = CastGenerator.DECIMAL_FUNCTIONS + "." + decimalMethod(kind) + "(" + leftTerm + ", " + rightTerm
                    + ", " + type.getPrecision() + ", " + type.getScale() + ")";
        } else {
            value = "((" + JavaTypes.javaType(type) + ") (" + leftTerm + " " + javaOperator(kind) + " " + rightTerm
                    + "))";
        }
        return generator.strict(type, List.of(left, right), value);
    }

    /**
     * The type the left operand is computed in. MOD's result has the divisor's type, which may be narrower
     * than the dividend: as in Flink, the dividend keeps its own type (a DECIMAL one becomes BIGINT), so
     * {@code MOD(2147483648, 10)} is 8, not the remainder of a narrowed -2147483648.
     */
    private static SqlTypeName leftOperandType(SqlKind kind, SqlTypeName left, SqlTypeName result) {
        if (kind != SqlKind.MOD || result == SqlTypeName.DECIMAL) {
            return result;
        }
        return left == SqlTypeName.DECIMAL ? SqlTypeName.BIGINT : left;
    }

    private static String decimalMethod(SqlKind kind) {
        return switch (kind) {
            case PLUS -> "add";
            case MINUS -> "subtract";
            case TIMES -> "multiply";
            case DIVIDE -> "divide";
            case MOD -> "mod";
            default -> throw new CodeGenerationException("Arithmetic " + kind + " is not supported");
        };
    }

    private static String javaOperator(SqlKind kind) {
        return switch (kind) {
            case PLUS -> "+";
            case MINUS -> "-";
            case TIMES -> "*";
            case DIVIDE -> "/";
            case MOD -> "%";
            default -> throw new CodeGenerationException("Arithmetic " + kind + " is not supported");
        };
    }

    private GeneratedExpression datetimePlusInterval(RexCall call, List<GeneratedExpression> operands) {
        boolean intervalFirst = isInterval(operands.get(0).type());
        GeneratedExpression datetime = operands.get(intervalFirst ? 1 : 0);
        GeneratedExpression interval = operands.get(intervalFirst ? 0 : 1);
        if (!isDatetime(datetime.type()) || !isInterval(interval.type())
                || (call.getKind() == SqlKind.MINUS && intervalFirst)) {
            throw new CodeGenerationException("Datetime arithmetic " + call + " is not supported");
        }
        String amount = (call.getKind() == SqlKind.MINUS ? "-" : "") + interval.valueTerm();
        boolean months = interval.type().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        String zoneArgument = months && datetime.type().getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                ? ", " + generator.context().zoneTerm() : "";
        String value = CastGenerator.TEMPORAL_FUNCTIONS + (months ? ".plusMonths(" : ".plusMillis(")
                + datetime.valueTerm() + ", " + amount + zoneArgument + ")";
        GeneratedExpression moved = generator.strict(datetime.type(), List.of(datetime, interval), value);
        return generator.casts().generate(moved, call.getType());
    }

    /**
     * {@code end - start} of two datetimes as an interval (TIMESTAMPDIFF): milliseconds, or whole months for
     * a year-month interval (counted in the session time zone for TIMESTAMP_LTZ).
     */
    private GeneratedExpression datetimeDifference(RelDataType type, GeneratedExpression end, GeneratedExpression start) {
        boolean months = type.getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        String zoneArgument = months && end.type().getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                ? ", " + generator.context().zoneTerm() : "";
        String value = CastGenerator.TEMPORAL_FUNCTIONS + (months ? ".monthsBetween(" : ".millisBetween(")
                + end.valueTerm() + ", " + start.valueTerm() + zoneArgument + ")";
        return generator.strict(type, List.of(end, start), value);
    }

    private static boolean isDatetime(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case DATE, TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> true;
            default -> false;
        };
    }

    private static boolean isInterval(RelDataType type) {
        return JavaTypes.isInterval(type.getSqlTypeName());
    }
}
