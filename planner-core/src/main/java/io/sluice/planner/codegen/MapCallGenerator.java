package io.sluice.planner.codegen;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;

/**
 * MAP values in generated code, held as {@code java.util.Map}: {@code map[key]} (NULL when the key is
 * absent), {@code MAP[k1, v1, k2, v2, ...]} (a {@code LinkedHashMap} in the order written; a later equal
 * key replaces an earlier one) and {@code CARDINALITY(map)}. Keys and values are converted to the map
 * type's key and value types first, so that an INT key finds a BIGINT literal's entry; a string key is
 * looked up as it is, since cutting it to the key type's length could find another key.
 */
final class MapCallGenerator {
    private final ExpressionGenerator generator;

    MapCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    boolean handles(String name) {
        return name.equals("CARDINALITY");
    }

    GeneratedExpression item(RexCall call) {
        RelDataType mapType = call.getOperands().get(0).getType();
        GeneratedExpression map = generator.generate(call.getOperands().get(0));
        RexNode keyOperand = call.getOperands().get(1);
        boolean strings = JavaTypes.isCharacter(keyOperand.getType().getSqlTypeName())
                && JavaTypes.isCharacter(mapType.getKeyType().getSqlTypeName());
        GeneratedExpression key = strings ? generator.generate(keyOperand)
                : generator.generateAs(keyOperand, mapType.getKeyType());
        String javaType = JavaTypes.boxedType(JavaTypes.javaType(call.getType()));
        return generator.strictBoxed(call.getType(), List.of(map, key), "(" + javaType + ") " + map.valueTerm()
                + ".get(" + JavaTypes.box(mapType.getKeyType(), key.valueTerm()) + ")");
    }

    GeneratedExpression constructor(RexCall call) {
        RelDataType type = call.getType();
        StringBuilder code = new StringBuilder();
        String map = generator.context().newName("map");
        code.append("java.util.Map ").append(map).append(" = new java.util.LinkedHashMap(")
                .append(call.getOperands().size()).append(");\n");
        for (int i = 0; i < call.getOperands().size(); i += 2) {
            GeneratedExpression key = generator.generateAs(call.getOperands().get(i), type.getKeyType());
            GeneratedExpression value = generator.generateAs(call.getOperands().get(i + 1), type.getValueType());
            code.append(key.code()).append(value.code()).append(map).append(".put(")
                    .append(key.objectTerm()).append(", ").append(value.objectTerm()).append(");\n");
        }
        return new GeneratedExpression(code.toString(), GeneratedExpression.NEVER_NULL, map, type);
    }

    GeneratedExpression cardinality(RexCall call) {
        GeneratedExpression map = generator.generate(call.getOperands().get(0));
        return generator.strict(call.getType(), List.of(map), map.valueTerm() + ".size()");
    }
}
