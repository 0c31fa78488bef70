package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import io.sluice.runtime.functions.MathFunctions;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Numeric functions: ABS, SIGN, FLOOR and CEIL keep the argument's type (DECIMAL FLOOR/CEIL drop the
 * scale), ROUND and TRUNCATE work on the exact decimal value (see {@link MathFunctions}) with the type
 * the validator derived, and POWER,
 * SQRT, EXP, LN, LOG10 and LOG2 compute in DOUBLE as Java's {@link Math} does (NaN for a negative square
 * root, as Flink), as do the trigonometric functions.
 */
final class MathCallGenerator {
    private static final String MATH_FUNCTIONS = MathFunctions.class.getName();
    private static final Set<String> SAME_TYPE_FUNCTIONS = Set.of("ABS", "SIGN", "FLOOR", "CEIL", "ROUND",
            "TRUNCATE");
    private static final Set<String> DOUBLE_FUNCTIONS = Set.of("POWER", "SQRT", "EXP", "LN", "LOG10", "LOG2", "SIN",
            "COS", "TAN", "COT", "ASIN", "ACOS", "ATAN", "ATAN2", "DEGREES", "RADIANS");

    private final ExpressionGenerator generator;

    MathCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    boolean handles(String functionName) {
        return SAME_TYPE_FUNCTIONS.contains(functionName) || DOUBLE_FUNCTIONS.contains(functionName);
    }

    GeneratedExpression generate(RexCall call) {
        String name = call.getOperator().getName();
        if (DOUBLE_FUNCTIONS.contains(name)) {
            return doubleFunction(call);
        }
        RelDataType type = call.getType();
        List<GeneratedExpression> operands = generator.generateOperands(call);
        String value = operands.get(0).valueTerm();
        String places = operands.size() > 1 ? "(int) " + operands.get(1).valueTerm() : "0";
        String method = name.toLowerCase(Locale.ROOT);
        String term = switch (name) {
            case "ABS" -> abs(value, type);
            case "SIGN" -> sign(value, type);
            case "FLOOR", "CEIL" -> floorOrCeil(method, value, type);
            default -> rounded(method, value, places, type);
        };
        return generator.strict(type, operands, term);
    }

    /** The DOUBLE functions, over operands converted to DOUBLE. */
    private GeneratedExpression doubleFunction(RexCall call) {
        List<GeneratedExpression> operands = call.getOperands().stream()
                .map(operand -> generator.generateAs(operand, call.getType())).toList();
        String first = operands.get(0).valueTerm();
        String term = switch (call.getOperator().getName()) {
            case "POWER" -> "Math.pow(" + first + ", " + operands.get(1).valueTerm() + ")";
            case "SQRT" -> "Math.sqrt(" + first + ")";
            case "EXP" -> "Math.exp(" + first + ")";
            case "LN" -> "Math.log(" + first + ")";
            case "LOG10" -> "Math.log10(" + first + ")";
            case "LOG2" -> MATH_FUNCTIONS + ".log2(" + first + ")";
            case "SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN" ->
                    "Math." + call.getOperator().getName().toLowerCase(Locale.ROOT) + "(" + first + ")";
            case "COT" -> "(1.0d / Math.tan(" + first + "))";
            case "ATAN2" -> "Math.atan2(" + first + ", " + operands.get(1).valueTerm() + ")";
            case "DEGREES" -> "Math.toDegrees(" + first + ")";
            case "RADIANS" -> "Math.toRadians(" + first + ")";
            default -> throw new CodeGenerationException("Function " + call + " is not supported");
        };
        return generator.strict(call.getType(), operands, term);
    }

    private static String abs(String term, RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.DECIMAL ? term + ".abs()" : narrowed(type, "Math.abs(" + term + ")");
    }

    private static String sign(String term, RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case DECIMAL -> MATH_FUNCTIONS + ".sign(" + term + ", " + type.getPrecision() + ", " + type.getScale() + ")";
            case REAL, FLOAT, DOUBLE -> "Math.signum(" + term + ")";
            default -> narrowed(type, "Long.signum(" + term + ")");
        };
    }

    private static String floorOrCeil(String method, String term, RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case DECIMAL -> MATH_FUNCTIONS + "." + method + "(" + term + ", " + type.getPrecision() + ")";
            case REAL, FLOAT, DOUBLE -> narrowed(type, "Math." + method + "(" + term + ")");
            default -> term;
        };
    }

    /** ROUND or TRUNCATE to {@code places}; DECIMAL results fit the call's type. */
    private static String rounded(String method, String term, String places, RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case DECIMAL -> MATH_FUNCTIONS + "." + method + "(" + term + ", " + places + ", " + type.getPrecision()
                    + ", " + type.getScale() + ")";
            case REAL, FLOAT, DOUBLE -> narrowed(type, MATH_FUNCTIONS + "." + method + "((double) " + term + ", "
                    + places + ")");
            default -> narrowed(type, MATH_FUNCTIONS + "." + method + "((long) " + term + ", " + places + ")");
        };
    }

    private static String narrowed(RelDataType type, String term) {
        return "((" + JavaTypes.javaType(type) + ") " + term + ")";
    }
}
