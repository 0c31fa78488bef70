package io.sluice.planner.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit casts, except between the two numbers of a comparison: Calcite would cast an INT
 * compared with a DECIMAL(10, 2) to DECIMAL(10, 2), where -2147483648 does not fit, and the comparison
 * would answer NULL. The generated code compares any two numbers exactly (as decimals, or as doubles
 * when one is approximate), as Flink does.
 */
final class NumericComparisonCoercion extends TypeCoercionImpl {

    NumericComparisonCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
        super(typeFactory, validator);
    }

    @Override
    public boolean binaryComparisonCoercion(SqlCallBinding binding) {
        if (binding.getOperandCount() == 2) {
            RelDataType left = binding.getOperandType(0);
            RelDataType right = binding.getOperandType(1);
            if (SqlTypeUtil.isNumeric(left) && SqlTypeUtil.isNumeric(right)) {
                return false;
            }
        }
        return super.binaryComparisonCoercion(binding);
    }
}
