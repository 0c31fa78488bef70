package io.sluice.planner.sql;

import io.sluice.planner.SqlStatementException;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlGroupedWindowFunction;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Refuses the group window functions of old Flink SQL ({@code GROUP BY TUMBLE(ts, INTERVAL ..)},
 * {@code TUMBLE_START(..)}, {@code SESSION(..)} in GROUP BY) at their position, naming the window table
 * function to write instead; Flink has deprecated them for the same.
 */
final class LegacyGroupWindows extends SqlBasicVisitor<Void> {

    static void refuse(SqlNode validated) {
        validated.accept(new LegacyGroupWindows());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call.getOperator() instanceof SqlGroupedWindowFunction function) {
            String window = (function.groupFunction == null ? function : function.groupFunction).getName();
            String name = window.replace("$", "").toUpperCase(Locale.ROOT);
            throw new SqlStatementException("Group window function " + function.getName().replace("$", "")
                    + "(...) is not supported: use the window table function, as in SELECT window_start, window_end, "
                    + "COUNT(*) FROM TABLE(" + name + "(TABLE t, DESCRIPTOR(ts), ...)) GROUP BY window_start, window_end",
                    call.getParserPosition().getLineNum(), call.getParserPosition().getColumnNum(), null);
        }
        return super.visit(call);
    }
}
