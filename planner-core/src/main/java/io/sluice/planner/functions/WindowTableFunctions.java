package io.sluice.planner.functions;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWindowTableFunction;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;

/** The window table function Calcite lacks: Flink's {@code CUMULATE}. */
public final class WindowTableFunctions {

    /** {@code CUMULATE(TABLE t, DESCRIPTOR(ts), step, size)}. */
    public static final SqlWindowTableFunction CUMULATE = new SqlWindowTableFunction("CUMULATE",
            new CumulateOperands());

    private WindowTableFunctions() {
    }

    /** The operands of CUMULATE: a table, a descriptor of one time column, the step and the size. */
    private static final class CumulateOperands implements SqlOperandMetadata {
        private static final List<String> NAMES = List.of("DATA", "TIMECOL", "STEP", "SIZE");

        @Override
        public List<RelDataType> paramTypes(RelDataTypeFactory typeFactory) {
            RelDataType any = typeFactory.createSqlType(SqlTypeName.ANY);
            return List.of(any, any, any, any);
        }

        @Override
        public List<String> paramNames() {
            return NAMES;
        }

        @Override
        public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
            SqlValidator validator = binding.getValidator();
            boolean valid = timeColumn(binding) && isInterval(validator, binding.operand(2))
                    && isInterval(validator, binding.operand(3));
            if (!valid && throwOnFailure) {
                throw binding.newValidationSignatureError();
            }
            return valid;
        }

        private static boolean timeColumn(SqlCallBinding binding) {
            if (binding.operand(1).getKind() != SqlKind.DESCRIPTOR) {
                return false;
            }
            List<SqlNode> columns = ((SqlCall) binding.operand(1)).getOperandList();
            if (columns.size() != 1 || !(columns.get(0) instanceof SqlIdentifier column)) {
                return false;
            }
            RelDataType table = binding.getValidator().getValidatedNodeType(binding.operand(0));
            RelDataTypeField field = binding.getValidator().getCatalogReader().nameMatcher()
                    .field(table, column.getSimple());
            return field != null && SqlTypeUtil.isTimestamp(field.getType())
                    || field != null && field.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
        }

        private static boolean isInterval(SqlValidator validator, SqlNode operand) {
            RelDataType type = validator.getValidatedNodeType(operand);
            return type.getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            return SqlOperandCountRanges.of(NAMES.size());
        }

        @Override
        public String getAllowedSignatures(SqlOperator op, String opName) {
            return opName + "(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval)";
        }

        @Override
        public boolean isOptional(int i) {
            return false;
        }
    }
}
