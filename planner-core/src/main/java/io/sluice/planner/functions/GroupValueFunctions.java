package io.sluice.planner.functions;

import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.util.Optionality;

/**
 * FIRST_VALUE and LAST_VALUE as Flink has them: aggregate functions of a GROUP BY as well as of an OVER
 * window (Calcite's are window functions only). The value of the first or the latest row, in the order
 * rows arrive, ignoring NULLs.
 */
public final class GroupValueFunctions {
    public static final SqlAggFunction FIRST_VALUE = new ValueFunction("FIRST_VALUE", SqlKind.FIRST_VALUE);
    public static final SqlAggFunction LAST_VALUE = new ValueFunction("LAST_VALUE", SqlKind.LAST_VALUE);

    private GroupValueFunctions() {
    }

    private static final class ValueFunction extends SqlAggFunction {
        ValueFunction(String name, SqlKind kind) {
            super(name, null, kind, ReturnTypes.ARG0_FORCE_NULLABLE, null, OperandTypes.ANY,
                    SqlFunctionCategory.SYSTEM, false, false, Optionality.FORBIDDEN);
        }
    }
}
