package io.sluice.planner.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Rewrites Flink's {@code SESSION(TABLE t PARTITION BY k, DESCRIPTOR(ts), gap)} into the form Calcite's
 * SESSION validates and converts, {@code SESSION(TABLE t, DESCRIPTOR(ts), DESCRIPTOR(k), gap)}: both
 * mean sessions formed per key.
 */
final class PartitionedSessionRewrite extends SqlShuttle {

    static SqlNode apply(SqlNode node) {
        return node.accept(new PartitionedSessionRewrite());
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlCall visited = (SqlCall) super.visit(call);
        if (visited == null || !visited.getOperator().getName().equalsIgnoreCase("SESSION")
                || visited.operandCount() < 1 || visited.operand(0).getKind() != SqlKind.SET_SEMANTICS_TABLE) {
            return visited;
        }
        SqlCall partitioned = visited.operand(0);
        SqlNodeList keys = partitioned.operand(1);
        List<SqlNode> operands = new ArrayList<>(visited.getOperandList());
        operands.set(0, partitioned.operand(0));
        if (!keys.isEmpty()) {
            operands.add(Math.min(2, operands.size()),
                    SqlStdOperatorTable.DESCRIPTOR.createCall(keys.getParserPosition(), keys.getList()));
        }
        return visited.getOperator().createCall(visited.getFunctionQuantifier(), visited.getParserPosition(),
                operands.toArray(SqlNode[]::new));
    }
}
