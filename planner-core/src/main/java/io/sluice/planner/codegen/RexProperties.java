package io.sluice.planner.codegen;

import java.util.OptionalInt;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Properties of expressions that the planner's changelog and upsert-key reasoning needs: whether a value
 * can change between evaluations of the same row, and whether a projection keeps a key column's
 * identity.
 */
public final class RexProperties {
    /** Functions that read the clock or a random source, whatever flags their operator declares. */
    private static final Set<String> NON_DETERMINISTIC_NAMES = Set.of("CURRENT_TIMESTAMP", "NOW", "LOCALTIMESTAMP",
            "CURRENT_TIME", "LOCALTIME", "CURRENT_DATE", "RAND", "RAND_INTEGER", "UUID", "PROCTIME",
            "CURRENT_ROW_TIMESTAMP");

    private RexProperties() {
    }

    /**
     * False when evaluating {@code node} twice on the same row may give different values: it calls a
     * non-deterministic or dynamic function (current time, RAND, UUID, PROCTIME).
     */
    public static boolean isDeterministic(RexNode node) {
        if (!(node instanceof RexCall call)) {
            return true;
        }
        SqlOperator operator = call.getOperator();
        if (!operator.isDeterministic() || operator.isDynamicFunction()
                || NON_DETERMINISTIC_NAMES.contains(operator.getName())) {
            return false;
        }
        return call.getOperands().stream().allMatch(RexProperties::isDeterministic);
    }

    /**
     * The input field {@code node} is an injective function of: the field itself, or casts of it that lose
     * no information (numeric widening, a value to a long-enough string, a string back to the type it was
     * printed from as in {@code CAST(CAST(d AS STRING) AS DATE)}). Empty for anything else, including
     * UPPER, SUBSTRING, narrowing casts and TIMESTAMP to DATE.
     */
    public static OptionalInt injectiveInputRef(RexNode node) {
        if (node instanceof RexInputRef ref) {
            return OptionalInt.of(ref.getIndex());
        }
        if (node.getKind() != SqlKind.CAST) {
            return OptionalInt.empty();
        }
        RexNode operand = ((RexCall) node).getOperands().get(0);
        if (InjectiveCasts.isInjective(operand.getType(), node.getType()) || isTextRoundTrip(operand, node.getType())) {
            return injectiveInputRef(operand);
        }
        return OptionalInt.empty();
    }

    /**
     * A string that is the canonical text of a value of type T, cast to a type that T itself casts to
     * injectively: parsing the canonical text gives what the direct cast would.
     */
    private static boolean isTextRoundTrip(RexNode operand, RelDataType target) {
        if (operand.getKind() != SqlKind.CAST || !isCharacter(operand.getType())) {
            return false;
        }
        RelDataType original = ((RexCall) operand).getOperands().get(0).getType();
        return !isCharacter(original) && InjectiveCasts.isInjective(original, operand.getType())
                && InjectiveCasts.isInjective(original, target);
    }

    private static boolean isCharacter(RelDataType type) {
        return type.getSqlTypeName() == SqlTypeName.CHAR || type.getSqlTypeName() == SqlTypeName.VARCHAR;
    }
}
