package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import java.math.BigDecimal;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/** Literals as Java constants; values that need an object (BigDecimal, dates) become static fields. */
final class LiteralGenerator {
    private final CodeGenContext context;

    LiteralGenerator(CodeGenContext context) {
        this.context = context;
    }

    GeneratedExpression generate(RexLiteral literal) {
        RelDataType type = literal.getType();
        if (literal.isNull()) {
            return GeneratedExpression.nullValue(type);
        }
        return GeneratedExpression.constant(valueTerm(literal, type), type);
    }

    private String valueTerm(RexLiteral literal, RelDataType type) {
        SqlTypeFamily family = type.getSqlTypeName().getFamily();
        if (family == SqlTypeFamily.INTERVAL_DAY_TIME) {
            return JavaLiterals.longValue(literal.getValueAs(BigDecimal.class).longValueExact());
        }
        if (family == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
            return JavaLiterals.intValue(literal.getValueAs(BigDecimal.class).intValueExact());
        }
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> String.valueOf(literal.getValueAs(Boolean.class));
            case TINYINT -> "((byte) " + literal.getValueAs(BigDecimal.class).byteValueExact() + ")";
            case SMALLINT -> "((short) " + literal.getValueAs(BigDecimal.class).shortValueExact() + ")";
            case INTEGER -> JavaLiterals.intValue(literal.getValueAs(BigDecimal.class).intValueExact());
            case BIGINT -> JavaLiterals.longValue(literal.getValueAs(BigDecimal.class).longValueExact());
            case REAL, FLOAT -> JavaLiterals.floatValue(literal.getValueAs(BigDecimal.class).floatValue());
            case DOUBLE -> JavaLiterals.doubleValue(literal.getValueAs(Double.class));
            case DECIMAL -> decimal(literal.getValueAs(BigDecimal.class), type);
            case CHAR, VARCHAR -> JavaLiterals.string(characters(literal, type));
            case DATE -> context.staticField("java.time.LocalDate", "java.time.LocalDate.ofEpochDay("
                    + literal.getValueAs(DateString.class).getDaysSinceEpoch() + "L)");
            case TIME -> context.staticField("java.time.LocalTime", "java.time.LocalTime.parse("
                    + JavaLiterals.string(literal.getValueAs(TimeString.class).toString()) + ")");
            case TIMESTAMP -> context.staticField("java.time.LocalDateTime", "java.time.LocalDateTime.parse("
                    + JavaLiterals.string(isoTimestamp(literal)) + ")");
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> context.staticField("java.time.Instant",
                    "java.time.Instant.parse(" + JavaLiterals.string(isoTimestamp(literal) + "Z") + ")");
            case BINARY, VARBINARY -> "((byte[]) " + context.staticField("byte[]", "java.util.HexFormat.of().parseHex("
                    + JavaLiterals.string(literal.getValueAs(ByteString.class).toString()) + ")") + ".clone())";
            default -> throw new CodeGenerationException("Literal " + literal + " of type " + type
                    + " is not supported in generated code");
        };
    }

    private String decimal(BigDecimal value, RelDataType type) {
        BigDecimal scaled = value.setScale(type.getScale(), java.math.RoundingMode.HALF_UP);
        return context.staticField("java.math.BigDecimal",
                "new java.math.BigDecimal(" + JavaLiterals.string(scaled.toPlainString()) + ")");
    }

    /** A CHAR(n) literal is blank-padded to n, as SQL defines CHAR values. */
    private static String characters(RexLiteral literal, RelDataType type) {
        String value = literal.getValueAs(String.class);
        if (type.getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.CHAR && value.length() < type.getPrecision()) {
            return value + " ".repeat(type.getPrecision() - value.length());
        }
        return value;
    }

    private static String isoTimestamp(RexLiteral literal) {
        return literal.getValueAs(TimestampString.class).toString().replace(' ', 'T');
    }
}
