package io.sluice.planner.types;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite type system with Flink's rules, so that validated queries get the result types a Flink user
 * expects: DECIMAL up to 38 digits, {@code VARCHAR} without length meaning STRING, TIMESTAMP(6) by default,
 * {@code SUM(DECIMAL(p, s))} as {@code DECIMAL(38, s)}, {@code AVG} of an integer staying an integer, and
 * decimal arithmetic types as Flink's {@code LogicalTypeMerging} derives them.
 */
public final class SluiceTypeSystem extends RelDataTypeSystemImpl {
    /** The shared instance; the type system is stateless. */
    public static final SluiceTypeSystem INSTANCE = new SluiceTypeSystem();

    static final int MAX_DECIMAL_PRECISION = 38;
    private static final int MAX_FRACTION_PRECISION = 9;
    private static final int DEFAULT_TIMESTAMP_PRECISION = 6;
    /** Flink keeps at least this many fractional digits when a decimal result must be narrowed to 38 digits. */
    private static final int MINIMUM_ADJUSTED_SCALE = 6;

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> MAX_DECIMAL_PRECISION;
            case CHAR, VARCHAR, BINARY, VARBINARY -> Integer.MAX_VALUE;
            case TIME, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> MAX_FRACTION_PRECISION;
            default -> super.getMaxPrecision(typeName);
        };
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL_PRECISION : super.getMaxScale(typeName);
    }

    /**
     * Calcite still reads these two where it widens decimals to a common type (a comparison of two
     * decimals, of a decimal and an integer), and by default caps the scale at 19: comparing
     * DECIMAL(10, 2) with DECIMAL(38, 18) would then cast both to DECIMAL(19, 0) and take -0.01 for 0.
     */
    @Override
    @SuppressWarnings("deprecation")
    public int getMaxNumericScale() {
        return MAX_DECIMAL_PRECISION;
    }

    @Override
    @SuppressWarnings("deprecation")
    public int getMaxNumericPrecision() {
        return MAX_DECIMAL_PRECISION;
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            // Calcite would cap an unspecified VARCHAR at 65536; Flink reads it as STRING.
            case VARCHAR, VARBINARY -> Integer.MAX_VALUE;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DEFAULT_TIMESTAMP_PRECISION;
            default -> super.getDefaultPrecision(typeName);
        };
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        // CASE WHEN .. THEN 'a' ELSE 'bb' END is VARCHAR(2), not a blank-padded CHAR(2), as in Flink.
        return true;
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (argumentType.getSqlTypeName() == SqlTypeName.DECIMAL) {
            return decimal(typeFactory, MAX_DECIMAL_PRECISION, argumentType.getScale(), argumentType.isNullable());
        }
        return argumentType;
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (argumentType.getSqlTypeName() == SqlTypeName.DECIMAL) {
            int scale = Math.max(MINIMUM_ADJUSTED_SCALE, argumentType.getScale());
            return decimal(typeFactory, MAX_DECIMAL_PRECISION, scale, argumentType.isNullable());
        }
        return argumentType;
    }

    @Override
    public RelDataType deriveDecimalPlusType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2) {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        int scale = Math.max(type1.getScale(), type2.getScale());
        int precision = Math.max(type1.getPrecision() - type1.getScale(), type2.getPrecision() - type2.getScale())
                + scale + 1;
        return adjusted(typeFactory, precision, scale);
    }

    @Override
    public RelDataType deriveDecimalMultiplyType(RelDataTypeFactory typeFactory, RelDataType type1,
                                                 RelDataType type2) {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        return adjusted(typeFactory, type1.getPrecision() + type2.getPrecision() + 1,
                type1.getScale() + type2.getScale());
    }

    @Override
    public RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2) {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        int scale = Math.max(MINIMUM_ADJUSTED_SCALE, type1.getScale() + type2.getPrecision() + 1);
        int precision = type1.getPrecision() - type1.getScale() + type2.getScale() + scale;
        return adjusted(typeFactory, precision, scale);
    }

    @Override
    public RelDataType deriveDecimalModType(RelDataTypeFactory typeFactory, RelDataType type1, RelDataType type2) {
        if (!isDecimalArithmetic(type1, type2)) {
            return null;
        }
        int scale = Math.max(type1.getScale(), type2.getScale());
        int precision = Math.min(type1.getPrecision() - type1.getScale(), type2.getPrecision() - type2.getScale())
                + scale;
        return adjusted(typeFactory, precision, scale);
    }

    private static boolean isDecimalArithmetic(RelDataType type1, RelDataType type2) {
        return SqlTypeUtil.isExactNumeric(type1) && SqlTypeUtil.isExactNumeric(type2)
                && (SqlTypeUtil.isDecimal(type1) || SqlTypeUtil.isDecimal(type2));
    }

    /** Flink's narrowing of a decimal type wider than 38 digits: integer digits win, keeping some scale. */
    private static RelDataType adjusted(RelDataTypeFactory typeFactory, int precision, int scale) {
        if (precision <= MAX_DECIMAL_PRECISION) {
            return decimal(typeFactory, Math.max(precision, 1), scale, false);
        }
        int integerDigits = precision - scale;
        int minimumScale = Math.min(scale, MINIMUM_ADJUSTED_SCALE);
        int adjustedScale = Math.max(MAX_DECIMAL_PRECISION - integerDigits, minimumScale);
        return decimal(typeFactory, MAX_DECIMAL_PRECISION, adjustedScale, false);
    }

    private static RelDataType decimal(RelDataTypeFactory typeFactory, int precision, int scale, boolean nullable) {
        RelDataType type = typeFactory.createSqlType(SqlTypeName.DECIMAL, precision, scale);
        return typeFactory.createTypeWithNullability(type, nullable);
    }
}
