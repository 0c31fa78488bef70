package io.sluice.planner.codegen;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Which casts map distinct values to distinct values. Conservative: TIMESTAMP_LTZ conversions are not
 * injective (daylight saving time folds local times), nor are FLOAT/DOUBLE to string (0.0 and -0.0).
 */
final class InjectiveCasts {
    /** Decimal digits every one of which a double (a float) represents exactly. */
    private static final int DOUBLE_EXACT_DIGITS = 15;
    private static final int FLOAT_EXACT_DIGITS = 6;

    private InjectiveCasts() {
    }

    static boolean isInjective(RelDataType from, RelDataType to) {
        SqlTypeName fromName = from.getSqlTypeName();
        SqlTypeName toName = to.getSqlTypeName();
        if (JavaTypes.isCharacter(toName)) {
            return JavaTypes.isCharacter(fromName)
                    ? fitsLength(from.getPrecision(), to) && !(fromName == SqlTypeName.VARCHAR && toName == SqlTypeName.CHAR)
                    : fitsLength(maxTextLength(from), to);
        }
        if (JavaTypes.isNumeric(fromName) && JavaTypes.isNumeric(toName)) {
            return isNumericWidening(from, to);
        }
        if (fromName == toName) {
            return switch (toName) {
                case TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> to.getPrecision() >= from.getPrecision();
                default -> true;
            };
        }
        return fromName == SqlTypeName.DATE && toName == SqlTypeName.TIMESTAMP;
    }

    private static boolean fitsLength(int length, RelDataType to) {
        return length >= 0 && (to.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED || to.getPrecision() >= length);
    }

    /** The longest canonical text of a value of {@code type}; -1 when the text is not unique per value. */
    private static int maxTextLength(RelDataType type) {
        int fraction = type.getPrecision() > 0 ? type.getPrecision() + 1 : 0;
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> 5;
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case DECIMAL -> type.getPrecision() + 2;
            case DATE -> 11;
            case TIME -> 8 + fraction;
            case TIMESTAMP -> 20 + fraction;
            default -> -1;
        };
    }

    private static boolean isNumericWidening(RelDataType from, RelDataType to) {
        SqlTypeName fromName = from.getSqlTypeName();
        if (JavaTypes.isApproximate(fromName)) {
            return to.getSqlTypeName() == SqlTypeName.DOUBLE || JavaTypes.isApproximate(to.getSqlTypeName())
                    && fromName != SqlTypeName.DOUBLE;
        }
        return switch (to.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT ->
                    JavaTypes.isIntegral(fromName) && integerDigits(from) <= integerDigits(to);
            case DECIMAL -> integerDigits(from) <= to.getPrecision() - to.getScale()
                    && (fromName != SqlTypeName.DECIMAL || from.getScale() <= to.getScale());
            case DOUBLE -> significantDigits(from) <= DOUBLE_EXACT_DIGITS;
            case FLOAT, REAL -> significantDigits(from) <= FLOAT_EXACT_DIGITS;
            default -> false;
        };
    }

    /** Decimal digits before the point that an exact type can hold. */
    private static int integerDigits(RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.DECIMAL ? type.getPrecision() - type.getScale()
                : significantDigits(type);
    }

    private static int significantDigits(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            default -> type.getPrecision();
        };
    }
}
