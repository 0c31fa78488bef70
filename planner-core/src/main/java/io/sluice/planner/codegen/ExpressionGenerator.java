package io.sluice.planner.codegen;

import io.sluice.planner.functions.UserScalarFunction;
import io.sluice.planner.types.SluiceTypeSystem;
import io.sluice.runtime.codegen.CodeGenerationException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * Generates Java for a {@link RexNode} tree with SQL NULL semantics: every expression yields a null term
 * and a value term (see {@link GeneratedExpression}). Calls are dispatched to one generator per family
 * of operators.
 */
final class ExpressionGenerator {
    private static final RexBuilder REX_BUILDER = new RexBuilder(new JavaTypeFactoryImpl(SluiceTypeSystem.INSTANCE));

    private final CodeGenContext context;
    private final LiteralGenerator literals;
    private final CastGenerator casts;
    private final ArithmeticGenerator arithmetic;
    private final ComparisonGenerator comparisons;
    private final LogicGenerator logic;
    private final StringCallGenerator strings;
    private final TemporalCallGenerator temporals;
    private final MathCallGenerator math;
    private final RuntimeCallGenerator runtimeCalls;
    private final MapCallGenerator maps;

    ExpressionGenerator(CodeGenContext context) {
        this.context = context;
        this.literals = new LiteralGenerator(context);
        this.casts = new CastGenerator(this);
        this.arithmetic = new ArithmeticGenerator(this);
        this.comparisons = new ComparisonGenerator(this);
        this.logic = new LogicGenerator(this);
        this.strings = new StringCallGenerator(this);
        this.temporals = new TemporalCallGenerator(this);
        this.math = new MathCallGenerator(this);
        this.runtimeCalls = new RuntimeCallGenerator(this);
        this.maps = new MapCallGenerator(this);
    }

    CodeGenContext context() {
        return context;
    }

    CastGenerator casts() {
        return casts;
    }

    GeneratedExpression generate(RexNode node) {
        if (node instanceof RexInputRef ref) {
            return context.inputField(ref.getIndex());
        }
        if (node instanceof RexLiteral literal) {
            return literals.generate(literal);
        }
        if (node instanceof RexCall call) {
            return generateCall(call);
        }
        if (node instanceof RexFieldAccess access) {
            return fieldAccess(access);
        }
        throw new CodeGenerationException("Expression " + node + " is not supported in generated code");
    }

    /** {@code row.field}: NULL when the row or its field is NULL. */
    private GeneratedExpression fieldAccess(RexFieldAccess access) {
        GeneratedExpression row = generate(access.getReferenceExpr());
        RelDataType type = access.getType();
        StringBuilder code = new StringBuilder(row.code());
        String element = context.newName("element");
        code.append("Object ").append(element).append(" = ").append(row.nullTerm()).append(" ? null : ")
                .append(row.valueTerm()).append('[').append(access.getField().getIndex()).append("];\n");
        GeneratedExpression result = declareResult(type, code);
        code.append("if (").append(element).append(" != null) {\n").append(result.nullTerm()).append(" = false;\n")
                .append(result.valueTerm()).append(" = ").append(JavaTypes.unbox(type, element)).append(";\n}\n");
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), type);
    }

    /** {@code node}'s value converted to {@code type} where their Java representations differ. */
    GeneratedExpression generateAs(RexNode node, RelDataType type) {
        return casts.generate(generate(node), type);
    }

    private GeneratedExpression generateCall(RexCall call) {
        return switch (call.getKind()) {
            case SEARCH -> generate(RexUtil.expandSearch(REX_BUILDER, null, call));
            case CAST, REINTERPRET -> casts.generate(generate(call.getOperands().get(0)), call.getType());
            case SAFE_CAST -> casts.generateOrNull(generate(call.getOperands().get(0)), call.getType());
            case PLUS, MINUS, TIMES, DIVIDE, MOD, MINUS_PREFIX, PLUS_PREFIX ->
                    arithmetic.generate(call);
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL,
                 IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> comparisons.generate(call);
            case AND, OR, NOT, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE, CASE, COALESCE ->
                    logic.generate(call);
            case LIKE, TRIM -> strings.generate(call);
            case EXTRACT -> temporals.generate(call);
            case FLOOR, CEIL -> call.getOperands().size() == 2 ? temporals.generate(call) : math.generate(call);
            case ITEM -> maps.item(call);
            case MAP_VALUE_CONSTRUCTOR -> maps.constructor(call);
            default -> generateFunction(call);
        };
    }

    private GeneratedExpression generateFunction(RexCall call) {
        if (call.getOperator() instanceof UserScalarFunction function) {
            return new UserFunctionCallGenerator(this).generate(call, function);
        }
        String name = call.getOperator().getName();
        if (strings.handles(name)) {
            return strings.generate(call);
        }
        if (temporals.handles(name)) {
            return temporals.generate(call);
        }
        if (math.handles(name)) {
            return math.generate(call);
        }
        if (maps.handles(name)) {
            return maps.cardinality(call);
        }
        if (runtimeCalls.handles(name)) {
            return runtimeCalls.generate(call);
        }
        return switch (name) {
            case "RAND", "RAND_INTEGER", "UUID" -> new RandomCallGenerator(this).generate(call);
            default -> throw new CodeGenerationException("Function " + name + " (" + call
                    + ") is not supported in generated code");
        };
    }

    List<GeneratedExpression> generateOperands(RexCall call) {
        List<GeneratedExpression> operands = new ArrayList<>(call.getOperands().size());
        for (RexNode operand : call.getOperands()) {
            operands.add(generate(operand));
        }
        return operands;
    }

    /**
     * A call that is NULL when any operand is NULL and otherwise evaluates {@code valueExpression} (over
     * the operands' value terms). An object result that comes out {@code null} (a decimal overflow) is
     * NULL too.
     */
    GeneratedExpression strict(RelDataType type, List<GeneratedExpression> operands, String valueExpression) {
        StringBuilder code = new StringBuilder();
        operands.forEach(operand -> code.append(operand.code()));
        String nullCheck = anyNull(operands);
        String javaType = JavaTypes.javaType(type);
        String result = context.newName("result");
        String isNull = result + "IsNull";
        boolean primitive = JavaTypes.isPrimitive(javaType);
        if (nullCheck.isEmpty() && primitive) {
            code.append(javaType).append(' ').append(result).append(" = ").append(valueExpression).append(";\n");
            return new GeneratedExpression(code.toString(), GeneratedExpression.NEVER_NULL, result, type);
        }
        code.append("boolean ").append(isNull).append(" = ").append(nullCheck.isEmpty() ? "false" : nullCheck)
                .append(";\n").append(javaType).append(' ').append(result).append(" = ")
                .append(JavaTypes.defaultValue(type)).append(";\n")
                .append("if (!").append(isNull).append(") {\n  ").append(result).append(" = ").append(valueExpression)
                .append(";\n");
        if (!primitive) {
            code.append("  ").append(isNull).append(" = ").append(result).append(" == null;\n");
        }
        code.append("}\n");
        return new GeneratedExpression(code.toString(), isNull, result, type);
    }

    /**
     * As {@link #strict}, for a {@code valueExpression} of the boxed type of {@code type}'s primitive that
     * may be null (NULL).
     */
    GeneratedExpression strictBoxed(RelDataType type, List<GeneratedExpression> operands, String valueExpression) {
        String javaType = JavaTypes.javaType(type);
        String boxed = context.newName("boxed");
        String unboxing = JavaTypes.boxedType(javaType) + " " + boxed + " = " + valueExpression + ";\n";
        StringBuilder code = new StringBuilder();
        operands.forEach(operand -> code.append(operand.code()));
        String nullCheck = anyNull(operands);
        GeneratedExpression result = declareResult(type, code);
        code.append("if (!(").append(nullCheck.isEmpty() ? "false" : nullCheck).append(")) {\n").append(unboxing)
                .append("if (").append(boxed).append(" != null) {\n").append(result.nullTerm()).append(" = false;\n")
                .append(result.valueTerm()).append(" = ").append(boxed).append(";\n}\n}\n");
        return new GeneratedExpression(code.toString(), result.nullTerm(), result.valueTerm(), type);
    }

    /** A condition true when one of the operands is NULL; empty when none can be. */
    private static String anyNull(List<GeneratedExpression> operands) {
        return operands.stream().filter(GeneratedExpression::mayBeNull)
                .map(GeneratedExpression::nullTerm).collect(Collectors.joining(" || "));
    }

    /** Declares a NULL result local of {@code type} for code that assigns it in branches. */
    GeneratedExpression declareResult(RelDataType type, StringBuilder code) {
        String result = context.newName("result");
        String isNull = result + "IsNull";
        code.append("boolean ").append(isNull).append(" = true;\n").append(JavaTypes.javaType(type)).append(' ')
                .append(result).append(" = ").append(JavaTypes.defaultValue(type)).append(";\n");
        return new GeneratedExpression("", isNull, result, type);
    }

}
