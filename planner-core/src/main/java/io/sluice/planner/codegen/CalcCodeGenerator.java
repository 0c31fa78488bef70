package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.plan.GeneratedClass;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * Generates a {@link CalcFunction}: the filter condition first (a row passes only when it is TRUE),
 * then the projections into a new row of the input's kind. Input fields are unboxed once into
 * primitive locals, constants live in static fields, and a projection that only copies a field copies
 * the reference.
 */
public final class CalcCodeGenerator {
    private static final String INPUT_ARRAY = "in";

    private CalcCodeGenerator() {
    }

    /** Generates the calc with the session time zone UTC. */
    public static GeneratedClass generate(String namePrefix, RelDataType inputType, List<RexNode> projects,
                                          RexNode conditionOrNull, RelDataType outputType) {
        return generate(namePrefix, inputType, projects, conditionOrNull, outputType, ZoneOffset.UTC);
    }

    /**
     * Generates the calc.
     *
     * @param sessionZone the zone of {@code table.local-time-zone}: local times (LOCALTIMESTAMP,
     *                    CURRENT_DATE) and conversions between TIMESTAMP and TIMESTAMP_LTZ use it
     */
    public static GeneratedClass generate(String namePrefix, RelDataType inputType, List<RexNode> projects,
                                          RexNode conditionOrNull, RelDataType outputType, ZoneId sessionZone) {
        if (projects.size() != outputType.getFieldCount()) {
            throw new IllegalArgumentException(projects.size() + " projections for output type " + outputType);
        }
        CodeGenContext context = new CodeGenContext(sessionZone,
                List.of(new CodeGenContext.InputRow(INPUT_ARRAY, inputType)));
        ExpressionGenerator generator = new ExpressionGenerator(context);
        StringBuilder method = new StringBuilder("public io.sluice.api.data.Row apply(io.sluice.api.data.Row input) {\n")
                .append("Object[] ").append(INPUT_ARRAY).append(" = input.fields();\n");
        if (conditionOrNull != null) {
            GeneratedExpression condition = generator.generate(conditionOrNull);
            method.append(context.takeInputDeclarations()).append(condition.code())
                    .append("if (").append(condition.nullTerm()).append(" || !").append(condition.valueTerm())
                    .append(") {\nreturn null;\n}\n");
        }
        String projections = projections(generator, projects, outputType);
        method.append(context.takeInputDeclarations()).append(projections)
                .append("return new io.sluice.api.data.Row(input.kind(), out);\n}\n");
        return ClassSource.build(namePrefix, CalcFunction.class, context.fieldDeclarations(), method.toString());
    }

    private static String projections(ExpressionGenerator generator, List<RexNode> projects, RelDataType outputType) {
        StringBuilder code = new StringBuilder();
        List<String> assignments = new ArrayList<>(projects.size());
        for (int i = 0; i < projects.size(); i++) {
            RexNode project = projects.get(i);
            RelDataType type = outputType.getFieldList().get(i).getType();
            if (project instanceof RexInputRef ref && CastGenerator.isSameValue(ref.getType(), type)) {
                assignments.add("out[" + i + "] = " + INPUT_ARRAY + "[" + ref.getIndex() + "];\n");
                continue;
            }
            GeneratedExpression value = generator.generateAs(project, type);
            code.append(value.code());
            assignments.add("out[" + i + "] = " + value.objectTerm() + ";\n");
        }
        code.append("Object[] out = new Object[").append(projects.size()).append("];\n");
        assignments.forEach(code::append);
        return code.toString();
    }
}
