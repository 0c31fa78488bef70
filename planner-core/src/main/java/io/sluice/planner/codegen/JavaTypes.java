package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * How generated code holds a SQL value: numbers and booleans as primitives, everything else as the
 * immutable class a {@link io.sluice.api.data.Row} carries. Day-time intervals are milliseconds in a
 * {@code long}, year-month intervals months in an {@code int}.
 */
final class JavaTypes {
    private static final java.util.Set<String> PRIMITIVES =
            java.util.Set.of("boolean", "byte", "short", "int", "long", "float", "double");

    private JavaTypes() {
    }

    /** The Java type name of a local holding a value of {@code type}. */
    static String javaType(RelDataType type) {
        return javaType(type.getSqlTypeName());
    }

    static String javaType(SqlTypeName typeName) {
        if (typeName.getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME) {
            return "long";
        }
        if (typeName.getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
            return "int";
        }
        return switch (typeName) {
            case BOOLEAN -> "boolean";
            case TINYINT -> "byte";
            case SMALLINT -> "short";
            case INTEGER -> "int";
            case BIGINT -> "long";
            case REAL, FLOAT -> "float";
            case DOUBLE -> "double";
            case DECIMAL -> "java.math.BigDecimal";
            case CHAR, VARCHAR -> "String";
            case DATE -> "java.time.LocalDate";
            case TIME -> "java.time.LocalTime";
            case TIMESTAMP -> "java.time.LocalDateTime";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "java.time.Instant";
            case BINARY, VARBINARY -> "byte[]";
            case ROW -> "Object[]";
            case MAP -> "java.util.Map";
            case NULL, SYMBOL -> "Object";
            default -> throw new CodeGenerationException("Type " + typeName + " is not supported in expressions");
        };
    }

    static boolean isPrimitive(RelDataType type) {
        return isPrimitive(javaType(type));
    }

    static boolean isPrimitive(String javaType) {
        return PRIMITIVES.contains(javaType);
    }

    /** The value a primitive local holds while it is NULL; {@code null} for objects. */
    static String defaultValue(RelDataType type) {
        return switch (javaType(type)) {
            case "boolean" -> "false";
            case "byte" -> "(byte) 0";
            case "short" -> "(short) 0";
            case "int" -> "0";
            case "long" -> "0L";
            case "float" -> "0.0f";
            case "double" -> "0.0d";
            default -> "null";
        };
    }

    /** The boxed class of a primitive type name, or the type name itself. */
    static String boxedType(String javaType) {
        return switch (javaType) {
            case "boolean" -> "Boolean";
            case "byte" -> "Byte";
            case "short" -> "Short";
            case "int" -> "Integer";
            case "long" -> "Long";
            case "float" -> "Float";
            case "double" -> "Double";
            default -> javaType;
        };
    }

    /** An expression boxing a non-null value term for a row field. */
    static String box(RelDataType type, String term) {
        String javaType = javaType(type);
        return isPrimitive(javaType) ? boxedType(javaType) + ".valueOf(" + term + ")" : term;
    }

    /** An expression reading a non-null row field value (an {@code Object} term) into a local of {@code type}. */
    static String unbox(RelDataType type, String objectTerm) {
        String javaType = javaType(type);
        if (isPrimitive(javaType)) {
            return "((" + boxedType(javaType) + ") " + objectTerm + ")." + javaType + "Value()";
        }
        return "((" + javaType + ") " + objectTerm + ")";
    }

    static boolean isIntegral(SqlTypeName typeName) {
        return typeName == SqlTypeName.TINYINT || typeName == SqlTypeName.SMALLINT
                || typeName == SqlTypeName.INTEGER || typeName == SqlTypeName.BIGINT;
    }

    static boolean isApproximate(SqlTypeName typeName) {
        return typeName == SqlTypeName.REAL || typeName == SqlTypeName.FLOAT || typeName == SqlTypeName.DOUBLE;
    }

    static boolean isNumeric(SqlTypeName typeName) {
        return isIntegral(typeName) || isApproximate(typeName) || typeName == SqlTypeName.DECIMAL;
    }

    /** Day-time intervals (milliseconds) and year-month intervals (months). */
    static boolean isInterval(SqlTypeName typeName) {
        return typeName.getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME
                || typeName.getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
    }

    static boolean isCharacter(SqlTypeName typeName) {
        return typeName == SqlTypeName.CHAR || typeName == SqlTypeName.VARCHAR;
    }
}
