package io.sluice.planner.codegen;

import io.sluice.planner.functions.UserTableFunction;
import io.sluice.runtime.codegen.CorrelateFunction;
import io.sluice.runtime.plan.GeneratedClass;
import java.lang.reflect.Method;
import java.time.ZoneId;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/**
 * Generates a {@link CorrelateFunction}: one instance of the table function, whose {@code eval} the
 * generated {@code eval} calls with the arguments computed from each input row (expressions over its
 * fields, as in a Calc).
 */
public final class CorrelateCodeGenerator {
    private static final String INPUT_ARRAY = "in";

    private CorrelateCodeGenerator() {
    }

    /**
     * @param call the table function's call, its operands over {@code inputType}'s fields
     */
    public static GeneratedClass generate(String namePrefix, RelDataType inputType, RexCall call,
                                          UserTableFunction function, ZoneId sessionZone) {
        Method eval = function.resolve(call.getOperands().stream().map(RexNode::getType).toList());
        if (eval == null) {
            throw new IllegalStateException("No eval method of " + function.getName() + " takes " + call.getOperands());
        }
        CodeGenContext context = new CodeGenContext(sessionZone,
                List.of(new CodeGenContext.InputRow(INPUT_ARRAY, inputType)));
        UserFunctionCallGenerator calls = new UserFunctionCallGenerator(new ExpressionGenerator(context));
        String instance = calls.instance(function.implementation());
        String callCode = calls.tableFunctionCall(call, eval, instance);
        String methods = "public void setCollector(java.util.function.Consumer collector) {\n" + instance
                + ".setCollector(collector);\n}\n\npublic void eval(io.sluice.api.data.Row input) {\nObject[] "
                + INPUT_ARRAY + " = input.fields();\n" + context.takeInputDeclarations() + callCode + "}\n";
        return ClassSource.build(namePrefix, CorrelateFunction.class, context.fieldDeclarations(), methods);
    }
}
