package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.JoinCondition;
import io.sluice.runtime.plan.GeneratedClass;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * Generates a {@link JoinCondition}: input references {@code 0 .. left arity - 1} are the left row's
 * fields, the following ones the right row's. A NULL condition does not match.
 */
public final class JoinConditionGenerator {
    private JoinConditionGenerator() {
    }

    /** Generates the condition with the session time zone UTC. */
    public static GeneratedClass generate(RelDataType leftType, RelDataType rightType, RexNode condition) {
        return generate(leftType, rightType, condition, ZoneOffset.UTC);
    }

    /** Generates the condition; {@code sessionZone} as for {@link CalcCodeGenerator}. */
    public static GeneratedClass generate(RelDataType leftType, RelDataType rightType, RexNode condition,
                                          ZoneId sessionZone) {
        CodeGenContext context = new CodeGenContext(sessionZone, List.of(
                new CodeGenContext.InputRow("leftFields", leftType),
                new CodeGenContext.InputRow("rightFields", rightType)));
        GeneratedExpression result = new ExpressionGenerator(context).generate(condition);
        String method = "public boolean test(io.sluice.api.data.Row left, io.sluice.api.data.Row right) {\n"
                + "Object[] leftFields = left.fields();\n"
                + "Object[] rightFields = right.fields();\n"
                + context.takeInputDeclarations() + result.code()
                + "return !" + result.nullTerm() + " && " + result.valueTerm() + ";\n}\n";
        return ClassSource.build("JoinCondition", JoinCondition.class, context.fieldDeclarations(), method);
    }
}
