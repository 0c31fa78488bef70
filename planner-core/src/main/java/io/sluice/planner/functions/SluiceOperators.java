package io.sluice.planner.functions;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The functions whose Flink semantics Calcite's standard and library operators do not have. The
 * generated code implements them (see {@code io.sluice.planner.codegen}); these are their signatures.
 */
public final class SluiceOperators {
    /** Flink's default fractional-second precision of the current timestamp functions: milliseconds. */
    private static final int CURRENT_TIME_PRECISION = 3;

    /** {@code CURRENT_TIMESTAMP}: the wall-clock instant of each row, TIMESTAMP_LTZ(3) NOT NULL. */
    public static final SqlFunction CURRENT_TIMESTAMP =
            new CurrentTimeFunction("CURRENT_TIMESTAMP", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, SqlSyntax.FUNCTION_ID);

    /** {@code NOW()}: the same as CURRENT_TIMESTAMP, written as a function call. */
    public static final SqlFunction NOW =
            new CurrentTimeFunction("NOW", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, SqlSyntax.FUNCTION);

    /**
     * {@code PROCTIME()}: the processing time of each row, TIMESTAMP_LTZ(3) NOT NULL; declared as a computed
     * column ({@code pt AS PROCTIME()}) or selected in a query.
     */
    public static final SqlFunction PROCTIME =
            new CurrentTimeFunction("PROCTIME", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, SqlSyntax.FUNCTION);

    /** {@code LOCALTIMESTAMP}: the wall-clock time in the session time zone, TIMESTAMP(3) NOT NULL. */
    public static final SqlFunction LOCALTIMESTAMP =
            new CurrentTimeFunction("LOCALTIMESTAMP", SqlTypeName.TIMESTAMP, SqlSyntax.FUNCTION_ID);

    /** {@code CURRENT_TIME}: the wall-clock time of day in the session time zone, TIME(0) NOT NULL. */
    public static final SqlFunction CURRENT_TIME =
            new CurrentTimeFunction("CURRENT_TIME", SqlTypeName.TIME, SqlSyntax.FUNCTION_ID, 0);

    /** {@code LOCALTIME}: the same as CURRENT_TIME. */
    public static final SqlFunction LOCALTIME =
            new CurrentTimeFunction("LOCALTIME", SqlTypeName.TIME, SqlSyntax.FUNCTION_ID, 0);

    /**
     * {@code DATE_FORMAT(timestamp or string, pattern)}: formats with a {@code SimpleDateFormat}-like
     * pattern such as {@code 'yyyy-MM-dd HH:mm:ss'}; a string argument is first parsed as a timestamp.
     */
    public static final SqlFunction DATE_FORMAT = new SqlFunction("DATE_FORMAT", SqlKind.OTHER_FUNCTION,
            ReturnTypes.VARCHAR_NULLABLE, null,
            OperandTypes.or(OperandTypes.family(SqlTypeFamily.DATETIME, SqlTypeFamily.CHARACTER),
                    OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER)),
            SqlFunctionCategory.TIMEDATE);

    /** {@code UUID()}: a random type 4 UUID in its 36 character text form, new for every row. */
    public static final SqlFunction UUID = new SqlFunction("UUID", SqlKind.OTHER_FUNCTION,
            ReturnTypes.explicit(SqlTypeName.CHAR, 36), null, OperandTypes.NILADIC, SqlFunctionCategory.STRING) {
        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    private SluiceOperators() {
    }

    /**
     * A current-time function typed with its default precision unless a precision is given, evaluated per
     * row (streaming semantics), hence neither deterministic nor constant within a query.
     */
    private static final class CurrentTimeFunction extends SqlAbstractTimeFunction {
        private final SqlTypeName typeName;
        private final SqlSyntax syntax;
        private final int precision;

        CurrentTimeFunction(String name, SqlTypeName typeName, SqlSyntax syntax) {
            this(name, typeName, syntax, CURRENT_TIME_PRECISION);
        }

        CurrentTimeFunction(String name, SqlTypeName typeName, SqlSyntax syntax, int precision) {
            super(name, typeName);
            this.typeName = typeName;
            this.syntax = syntax;
            this.precision = precision;
        }

        @Override
        public SqlSyntax getSyntax() {
            return syntax;
        }

        @Override
        public RelDataType inferReturnType(SqlOperatorBinding opBinding) {
            if (opBinding.getOperandCount() > 0) {
                return super.inferReturnType(opBinding);
            }
            return opBinding.getTypeFactory().createSqlType(typeName, precision);
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    }
}
