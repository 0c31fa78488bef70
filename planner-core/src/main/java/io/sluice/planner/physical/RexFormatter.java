package io.sluice.planner.physical;

import io.sluice.planner.types.LogicalTypes;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexDigestIncludeType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Writes expressions as EXPLAIN shows them: fields by name, infix comparisons and arithmetic in
 * parentheses ({@code (cnt > 1)}), other calls as {@code UPPER(pmSign)}.
 */
public final class RexFormatter {
    private static final Set<SqlKind> INFIX = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.GREATER_THAN,
            SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.PLUS,
            SqlKind.MINUS, SqlKind.TIMES, SqlKind.DIVIDE, SqlKind.AND, SqlKind.OR);

    private final List<String> fieldNames;

    public RexFormatter(List<String> fieldNames) {
        this.fieldNames = fieldNames;
    }

    public String format(RexNode node) {
        if (node instanceof RexInputRef ref) {
            return fieldNames.get(ref.getIndex());
        }
        if (node instanceof RexLiteral literal) {
            return literal(literal);
        }
        if (node instanceof RexCall call) {
            return call(call);
        }
        if (node instanceof RexFieldAccess access) {
            return format(access.getReferenceExpr()) + "." + access.getField().getName();
        }
        return node.toString();
    }

    /** {@code expr AS name}, or just the name when the expression is that field. */
    public String formatAs(RexNode node, String name) {
        String text = format(node);
        return text.equals(name) ? text : text + " AS " + name;
    }

    private String call(RexCall call) {
        List<String> operands = call.getOperands().stream().map(this::format).toList();
        if (INFIX.contains(call.getKind())) {
            return operands.stream().collect(Collectors.joining(" " + call.getOperator().getName() + " ", "(", ")"));
        }
        if (call.getKind() == SqlKind.CAST) {
            return "CAST(" + operands.get(0) + " AS " + typeName(call) + ")";
        }
        if (call.getKind() == SqlKind.NOT) {
            return "NOT(" + operands.get(0) + ")";
        }
        if (call.getKind() == SqlKind.IS_NULL || call.getKind() == SqlKind.IS_NOT_NULL) {
            return "(" + operands.get(0) + " " + call.getOperator().getName() + ")";
        }
        return call.getOperator().getName() + "(" + String.join(", ", operands) + ")";
    }

    private static String typeName(RexCall cast) {
        try {
            return LogicalTypes.toLogicalType(cast.getType()).nullable().toString();
        } catch (IllegalArgumentException e) {
            return cast.getType().getFullTypeString();
        }
    }

    private static String literal(RexLiteral literal) {
        if (literal.isNull()) {
            return "null";
        }
        if (literal.getTypeName() == SqlTypeName.SARG) {
            return literal.computeDigest(RexDigestIncludeType.NO_TYPE);
        }
        if (literal.getType().getFamily() == SqlTypeFamily.CHARACTER) {
            return "'" + literal.getValueAs(String.class) + "'";
        }
        if (SqlTypeFamily.DATETIME_INTERVAL.contains(literal.getType())) {
            // 5000:INTERVAL SECOND, as Flink shows it: the number alone would read as a plain number
            return literal.computeDigest(RexDigestIncludeType.ALWAYS);
        }
        if (literal.getTypeName() == SqlTypeName.DECIMAL && literal.getValue() instanceof BigDecimal decimal) {
            // 0, as Flink shows a DECIMAL(38, 18) zero, not Calcite's 0E-18
            return decimal.stripTrailingZeros().toPlainString();
        }
        return literal.computeDigest(RexDigestIncludeType.NO_TYPE);
    }
}
