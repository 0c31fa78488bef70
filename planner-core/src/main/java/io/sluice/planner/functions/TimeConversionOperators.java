package io.sluice.planner.functions;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Flink's conversions between date-time values, epoch numbers and text. Text that does not parse gives
 * NULL, so those results are nullable whatever the arguments; patterns are SimpleDateFormat-like.
 */
public final class TimeConversionOperators {
    private static final int MILLIS_PRECISION = 3;

    /** {@code TO_TIMESTAMP(text[, pattern])}: TIMESTAMP(3), pattern {@code yyyy-MM-dd HH:mm:ss} by default. */
    public static final SqlFunction TO_TIMESTAMP = timeFunction("TO_TIMESTAMP",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP, MILLIS_PRECISION).andThen(SqlTypeTransforms.FORCE_NULLABLE))
            .withOperandTypeChecker(OperandTypes.STRING_OPTIONAL_STRING);

    /** {@code TO_DATE(text[, pattern])}: DATE, pattern {@code yyyy-MM-dd} by default. */
    public static final SqlFunction TO_DATE = timeFunction("TO_DATE",
            ReturnTypes.explicit(SqlTypeName.DATE).andThen(SqlTypeTransforms.FORCE_NULLABLE))
            .withOperandTypeChecker(OperandTypes.STRING_OPTIONAL_STRING);

    /**
     * {@code UNIX_TIMESTAMP([text[, pattern]])}: epoch seconds of now, or of a local time text in the
     * session time zone. Reads the clock without arguments, hence not deterministic (as in Flink).
     */
    public static final SqlFunction UNIX_TIMESTAMP = timeFunction("UNIX_TIMESTAMP",
            TimeConversionOperators::unixTimestampType)
            .withOperandTypeChecker(OperandTypes.or(OperandTypes.NILADIC, OperandTypes.CHARACTER,
                    OperandTypes.STRING_STRING))
            .withDeterministic(false);

    /** {@code FROM_UNIXTIME(seconds[, pattern])}: the local time text of epoch seconds in the session time zone. */
    public static final SqlFunction FROM_UNIXTIME = timeFunction("FROM_UNIXTIME", ReturnTypes.VARCHAR_NULLABLE)
            .withOperandTypeChecker(OperandTypes.or(OperandTypes.family(SqlTypeFamily.INTEGER),
                    OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.CHARACTER)));

    /** {@code CONVERT_TZ(text, fromZone, toZone)}: a {@code yyyy-MM-dd HH:mm:ss} text moved between zones. */
    public static final SqlFunction CONVERT_TZ = timeFunction("CONVERT_TZ",
            ReturnTypes.VARCHAR.andThen(SqlTypeTransforms.FORCE_NULLABLE))
            .withOperandTypeChecker(OperandTypes.STRING_STRING_STRING);

    /** {@code TO_TIMESTAMP_LTZ(epoch[, precision])}: epoch seconds (0) or milliseconds (3, the default). */
    public static final SqlFunction TO_TIMESTAMP_LTZ = timeFunction("TO_TIMESTAMP_LTZ",
            ReturnTypes.explicit(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, MILLIS_PRECISION)
                    .andThen(SqlTypeTransforms.TO_NULLABLE))
            .withOperandTypeChecker(OperandTypes.NUMERIC_OPTIONAL_INTEGER);

    private TimeConversionOperators() {
    }

    private static SqlBasicFunction timeFunction(String name, SqlReturnTypeInference returnType) {
        return SqlBasicFunction.create(name, returnType, OperandTypes.NILADIC, SqlFunctionCategory.TIMEDATE);
    }

    private static RelDataType unixTimestampType(SqlOperatorBinding binding) {
        RelDataType bigint = binding.getTypeFactory().createSqlType(SqlTypeName.BIGINT);
        return binding.getTypeFactory().createTypeWithNullability(bigint, binding.getOperandCount() > 0);
    }
}
