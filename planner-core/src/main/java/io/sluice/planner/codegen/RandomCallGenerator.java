package io.sluice.planner.codegen;

import java.util.List;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * RAND([seed]), RAND_INTEGER([seed,] bound) and UUID(). Each generated instance has its own random
 * generator; a constant seed makes its sequence repeatable, as in Flink.
 */
final class RandomCallGenerator {
    private final ExpressionGenerator generator;

    RandomCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    GeneratedExpression generate(RexCall call) {
        String name = call.getOperator().getName();
        if (name.equals("UUID")) {
            return generator.strict(call.getType(), List.of(), "java.util.UUID.randomUUID().toString()");
        }
        List<RexNode> operands = call.getOperands();
        boolean seeded = name.equals("RAND") ? operands.size() == 1 : operands.size() == 2;
        String random = generator.context().instanceField("java.util.Random",
                seeded ? "new java.util.Random(" + seed(operands.get(0)) + "L)" : "new java.util.Random()");
        if (name.equals("RAND")) {
            return generator.strict(call.getType(), List.of(), random + ".nextDouble()");
        }
        GeneratedExpression bound = generator.generate(operands.get(operands.size() - 1));
        return generator.strict(call.getType(), List.of(bound), random + ".nextInt((int) " + bound.valueTerm() + ")");
    }

    private static long seed(RexNode node) {
        if (node instanceof RexLiteral literal && !literal.isNull()) {
            return literal.getValueAs(Long.class);
        }
        throw new io.sluice.runtime.codegen.CodeGenerationException("The seed of RAND must be a constant: " + node);
    }
}
