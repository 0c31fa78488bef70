package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import io.sluice.runtime.functions.CastFunctions;
import io.sluice.runtime.functions.DecimalFunctions;
import io.sluice.runtime.functions.TemporalFunctions;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * CAST with Flink's semantics: numbers narrow like Java casts, decimals round HALF_UP and overflow to
 * NULL, strings parse strictly (a bad value fails naming it), values print as Flink prints them
 * ({@code TRUE}, {@code 2026-10-12 00:00:00.000}), CHAR(n) pads and VARCHAR(n) truncates, and
 * TIMESTAMP_LTZ converts through the session time zone.
 */
final class CastGenerator {
    static final String CAST_FUNCTIONS = CastFunctions.class.getName();
    static final String DECIMAL_FUNCTIONS = DecimalFunctions.class.getName();
    static final String TEMPORAL_FUNCTIONS = TemporalFunctions.class.getName();

    private final ExpressionGenerator generator;

    CastGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    /** An explicit CAST of {@code operand} to {@code target}. */
    GeneratedExpression generate(GeneratedExpression operand, RelDataType target) {
        if (operand.nullTerm().equals("true") || operand.type().getSqlTypeName() == SqlTypeName.NULL) {
            return GeneratedExpression.nullValue(target);
        }
        if (isSameValue(operand.type(), target)) {
            return new GeneratedExpression(operand.code(), operand.nullTerm(), operand.valueTerm(), target);
        }
        String term = castTerm(operand.valueTerm(), operand.type(), target);
        return generator.strict(target, List.of(operand), term);
    }

    /**
     * TRY_CAST: NULL where CAST fails. Only the conversion is guarded; an error computing the operand
     * still fails.
     */
    GeneratedExpression generateOrNull(GeneratedExpression operand, RelDataType target) {
        GeneratedExpression computed = new GeneratedExpression("", operand.nullTerm(), operand.valueTerm(),
                operand.type());
        GeneratedExpression cast = generate(computed, target);
        StringBuilder code = new StringBuilder(operand.code());
        GeneratedExpression result = generator.declareResult(target, code);
        code.append("try {\n").append(cast.code())
                .append(result.nullTerm()).append(" = ").append(cast.nullTerm()).append(";\n")
                .append(result.valueTerm()).append(" = ").append(cast.valueTerm()).append(";\n")
                .append("} catch (RuntimeException ").append(generator.context().newName("castFailure"))
                .append(") {\n").append(result.nullTerm()).append(" = true;\n}\n");
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), target);
    }

    /** True when every value of {@code from} is the same value of {@code to}, held in the same Java type. */
    static boolean isSameValue(RelDataType from, RelDataType to) {
        SqlTypeName fromName = from.getSqlTypeName();
        SqlTypeName toName = to.getSqlTypeName();
        if (JavaTypes.isCharacter(fromName) && JavaTypes.isCharacter(toName)) {
            return !needsLengthAdjustment(from, to);
        }
        if (isBinary(fromName) && toName == SqlTypeName.VARBINARY) {
            return !isBounded(to.getPrecision());
        }
        if (fromName == SqlTypeName.MAP && toName == SqlTypeName.MAP) {
            return isSameValue(from.getKeyType(), to.getKeyType())
                    && isSameValue(from.getValueType(), to.getValueType());
        }
        if (fromName != toName && !(isFloat(fromName) && isFloat(toName))) {
            return false;
        }
        return switch (toName) {
            case DECIMAL -> from.getPrecision() <= to.getPrecision() && from.getScale() == to.getScale();
            case TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> from.getPrecision() <= to.getPrecision();
            default -> true;
        };
    }

    private static boolean isBinary(SqlTypeName typeName) {
        return typeName == SqlTypeName.BINARY || typeName == SqlTypeName.VARBINARY;
    }

    private static boolean isFloat(SqlTypeName typeName) {
        return typeName == SqlTypeName.FLOAT || typeName == SqlTypeName.REAL;
    }

    private static boolean needsLengthAdjustment(RelDataType from, RelDataType to) {
        int length = to.getPrecision();
        if (to.getSqlTypeName() == SqlTypeName.CHAR) {
            return from.getSqlTypeName() != SqlTypeName.CHAR || from.getPrecision() != length;
        }
        return isBounded(length) && (!isBounded(from.getPrecision()) || from.getPrecision() > length);
    }

    private static boolean isBounded(int length) {
        return length != RelDataType.PRECISION_NOT_SPECIFIED && length != Integer.MAX_VALUE;
    }

    /** A Java expression for a non-null {@code term} of {@code from} cast to {@code to}; may be null on overflow. */
    String castTerm(String term, RelDataType from, RelDataType to) {
        SqlTypeName fromName = from.getSqlTypeName();
        SqlTypeName toName = to.getSqlTypeName();
        if (JavaTypes.isCharacter(toName)) {
            String text = JavaTypes.isCharacter(fromName) ? term : toStringTerm(term, from);
            return needsLengthAdjustment(from, to)
                    ? CAST_FUNCTIONS + ".fitLength(" + text + ", " + to.getPrecision() + ", "
                    + (toName == SqlTypeName.CHAR) + ")"
                    : text;
        }
        if (JavaTypes.isCharacter(fromName)) {
            return parseTerm(term, to);
        }
        if (JavaTypes.isNumeric(toName) && (JavaTypes.isNumeric(fromName) || fromName == SqlTypeName.BOOLEAN)) {
            return toNumberTerm(term, from, to);
        }
        if (toName == SqlTypeName.BOOLEAN && JavaTypes.isNumeric(fromName)) {
            return fromName == SqlTypeName.DECIMAL ? "(" + term + ".signum() != 0)" : "(" + term + " != 0)";
        }
        if (fromName == toName) {
            return toName == SqlTypeName.DECIMAL ? decimalFit(term, to) : truncateTerm(term, to);
        }
        if (JavaTypes.isInterval(fromName) && JavaTypes.isNumeric(toName)) {
            return numericTerm(term, SqlTypeName.BIGINT, toName);
        }
        return temporalTerm(term, from, to);
    }

    private String toStringTerm(String term, RelDataType from) {
        return switch (from.getSqlTypeName()) {
            case BOOLEAN -> "(" + term + " ? \"TRUE\" : \"FALSE\")";
            case TINYINT, SMALLINT, INTEGER, BIGINT, REAL, FLOAT, DOUBLE -> "String.valueOf(" + term + ")";
            case DECIMAL -> term + ".toPlainString()";
            case DATE -> CAST_FUNCTIONS + ".dateToString(" + term + ")";
            case TIME -> CAST_FUNCTIONS + ".timeToString(" + term + ", " + from.getPrecision() + ")";
            case TIMESTAMP -> CAST_FUNCTIONS + ".timestampToString(" + term + ", " + from.getPrecision() + ")";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> CAST_FUNCTIONS + ".timestampToString("
                    + localTimestamp(term) + ", " + from.getPrecision() + ")";
            case BINARY, VARBINARY -> "new String(" + term + ", java.nio.charset.StandardCharsets.UTF_8)";
            default -> throw unsupported(from.getFullTypeString(), "a character string");
        };
    }

    private String parseTerm(String term, RelDataType to) {
        String typeText = "\"" + io.sluice.planner.types.LogicalTypes.toLogicalType(to).nullable() + "\"";
        return switch (to.getSqlTypeName()) {
            case BOOLEAN -> CAST_FUNCTIONS + ".parseBoolean(" + term + ")";
            case TINYINT -> "(byte) " + CAST_FUNCTIONS + ".parseIntegral(" + term + ", " + Byte.MIN_VALUE + "L, "
                    + Byte.MAX_VALUE + "L, " + typeText + ")";
            case SMALLINT -> "(short) " + CAST_FUNCTIONS + ".parseIntegral(" + term + ", " + Short.MIN_VALUE + "L, "
                    + Short.MAX_VALUE + "L, " + typeText + ")";
            case INTEGER -> "(int) " + CAST_FUNCTIONS + ".parseIntegral(" + term + ", " + Integer.MIN_VALUE + "L, "
                    + Integer.MAX_VALUE + "L, " + typeText + ")";
            case BIGINT -> CAST_FUNCTIONS + ".parseIntegral(" + term + ", Long.MIN_VALUE, Long.MAX_VALUE, "
                    + typeText + ")";
            case REAL, FLOAT -> "(float) " + CAST_FUNCTIONS + ".parseDouble(" + term + ", " + typeText + ")";
            case DOUBLE -> CAST_FUNCTIONS + ".parseDouble(" + term + ", " + typeText + ")";
            case DECIMAL -> CAST_FUNCTIONS + ".parseDecimal(" + term + ", " + to.getPrecision() + ", "
                    + to.getScale() + ")";
            case DATE -> CAST_FUNCTIONS + ".parseDate(" + term + ")";
            case TIME -> CAST_FUNCTIONS + ".parseTime(" + term + ", " + to.getPrecision() + ")";
            case TIMESTAMP -> CAST_FUNCTIONS + ".parseTimestamp(" + term + ", " + to.getPrecision() + ")";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> CAST_FUNCTIONS + ".parseTimestamp(" + term + ", "
                    + to.getPrecision() + ").atZone(" + zone() + ").toInstant()";
            case BINARY, VARBINARY -> term + ".getBytes(java.nio.charset.StandardCharsets.UTF_8)";
            default -> throw unsupported("a character string", to.getFullTypeString());
        };
    }

    private String toNumberTerm(String term, RelDataType from, RelDataType to) {
        SqlTypeName fromName = from.getSqlTypeName();
        SqlTypeName toName = to.getSqlTypeName();
        if (fromName == SqlTypeName.BOOLEAN) {
            return toName == SqlTypeName.DECIMAL
                    ? decimalFit("(" + term + " ? java.math.BigDecimal.ONE : java.math.BigDecimal.ZERO)", to)
                    : "((" + JavaTypes.javaType(toName) + ") (" + term + " ? 1 : 0))";
        }
        if (toName == SqlTypeName.DECIMAL) {
            return JavaTypes.isApproximate(fromName)
                    ? DECIMAL_FUNCTIONS + ".fromDouble(" + term + ", " + to.getPrecision() + ", " + to.getScale() + ")"
                    : decimalFit(numericTerm(term, fromName, toName), to);
        }
        return numericTerm(term, fromName, toName);
    }

    /** A number converted for arithmetic or comparison: Java casts, integers to BigDecimal exactly. */
    static String numericTerm(String term, SqlTypeName from, SqlTypeName to) {
        String target = JavaTypes.javaType(to);
        if (from == to) {
            return term;
        }
        if (to == SqlTypeName.DECIMAL) {
            return JavaTypes.isApproximate(from)
                    ? "java.math.BigDecimal.valueOf((double) " + term + ")"
                    : "java.math.BigDecimal.valueOf((long) " + term + ")";
        }
        if (from == SqlTypeName.DECIMAL) {
            return term + "." + target + "Value()";
        }
        return "((" + target + ") " + term + ")";
    }

    private static String decimalFit(String term, RelDataType to) {
        return DECIMAL_FUNCTIONS + ".fit(" + term + ", " + to.getPrecision() + ", " + to.getScale() + ")";
    }

    private String truncateTerm(String term, RelDataType to) {
        return switch (to.getSqlTypeName()) {
            case TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    TEMPORAL_FUNCTIONS + ".truncate(" + term + ", " + to.getPrecision() + ")";
            default -> term;
        };
    }

    private String temporalTerm(String term, RelDataType from, RelDataType to) {
        String converted = switch (from.getSqlTypeName() + " -> " + to.getSqlTypeName()) {
            case "DATE -> TIMESTAMP" -> term + ".atStartOfDay()";
            case "DATE -> TIMESTAMP_WITH_LOCAL_TIME_ZONE" -> term + ".atStartOfDay(" + zone() + ").toInstant()";
            case "TIMESTAMP -> DATE" -> term + ".toLocalDate()";
            case "TIMESTAMP -> TIME" -> term + ".toLocalTime()";
            case "TIMESTAMP -> TIMESTAMP_WITH_LOCAL_TIME_ZONE" -> term + ".atZone(" + zone() + ").toInstant()";
            case "TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TIMESTAMP" -> localTimestamp(term);
            case "TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DATE" -> localTimestamp(term) + ".toLocalDate()";
            case "TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TIME" -> localTimestamp(term) + ".toLocalTime()";
            default -> throw unsupported(from.getFullTypeString(), to.getFullTypeString());
        };
        return truncateTerm(converted, to);
    }

    private String localTimestamp(String instantTerm) {
        return "java.time.LocalDateTime.ofInstant(" + instantTerm + ", " + zone() + ")";
    }

    private String zone() {
        return generator.context().zoneTerm();
    }

    private static CodeGenerationException unsupported(String from, String to) {
        return new CodeGenerationException("CAST from " + from + " to " + to + " is not supported");
    }
}
