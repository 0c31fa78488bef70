package io.sluice.planner.functions;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * ROUND and TRUNCATE typed as Flink types them: a DECIMAL result has as many fraction digits as the
 * (literal) number of places asks for, and one more integer digit, as rounding may carry.
 */
public final class NumericOperators {
    private static final int MAX_DECIMAL_PRECISION = 38;

    /** {@code ROUND(x[, places])}: half away from zero. */
    public static final SqlBasicFunction ROUND = SqlBasicFunction.create("ROUND", NumericOperators::roundedType,
            OperandTypes.NUMERIC_OPTIONAL_INTEGER, SqlFunctionCategory.NUMERIC);

    /** {@code TRUNCATE(x[, places])}: toward zero. */
    public static final SqlFunction TRUNCATE = ROUND.withName("TRUNCATE");

    private NumericOperators() {
    }

    private static RelDataType roundedType(SqlOperatorBinding binding) {
        RelDataTypeFactory factory = binding.getTypeFactory();
        RelDataType value = binding.getOperandType(0);
        boolean nullable = value.isNullable() || binding.getOperandCount() > 1 && binding.getOperandType(1).isNullable();
        RelDataType type = value;
        if (value.getSqlTypeName() == SqlTypeName.DECIMAL) {
            type = decimalType(factory, value.getPrecision(), value.getScale(), places(binding, value.getScale()));
        }
        return factory.createTypeWithNullability(type, nullable);
    }

    /** The places argument when it is a literal (0 when absent); the value's scale, keeping its type, otherwise. */
    private static int places(SqlOperatorBinding binding, int scale) {
        if (binding.getOperandCount() < 2) {
            return 0;
        }
        return binding.isOperandLiteral(1, false) ? binding.getOperandLiteralValue(1, Integer.class) : scale;
    }

    /** Flink's rounded DECIMAL type (LogicalTypeMerging#findRoundDecimalType). */
    private static RelDataType decimalType(RelDataTypeFactory factory, int precision, int scale, int places) {
        if (places >= scale) {
            return factory.createSqlType(SqlTypeName.DECIMAL, precision, scale);
        }
        if (places < 0) {
            return factory.createSqlType(SqlTypeName.DECIMAL, Math.min(MAX_DECIMAL_PRECISION, 1 + precision - scale), 0);
        }
        return factory.createSqlType(SqlTypeName.DECIMAL, Math.min(MAX_DECIMAL_PRECISION, 1 + precision - scale + places),
                places);
    }
}
