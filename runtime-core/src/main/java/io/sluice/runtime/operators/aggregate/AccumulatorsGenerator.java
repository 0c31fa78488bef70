package io.sluice.runtime.operators.aggregate;

import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.plan.AggregateCall;
import io.sluice.runtime.plan.GeneratedClass;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Generates the {@link Accumulators} class of a list of aggregate calls: one field set per call, a
 * hidden row count, and the methods with every call's code inlined, so the per-row path has no
 * virtual call per aggregate and no boxing for counts and sums.
 */
public final class AccumulatorsGenerator {
    private static final String CLASS_NAME = "GeneratedAccumulators";

    private final List<AggregateCall> calls;
    private final List<AggregateFunctionCode> codes = new ArrayList<>();

    private AccumulatorsGenerator(List<AggregateCall> calls) {
        this.calls = List.copyOf(calls);
        for (int i = 0; i < calls.size(); i++) {
            codes.add(codeOf(calls.get(i), "a" + i + "_"));
        }
    }

    /** Empty accumulators of a class generated for {@code calls} (compiled once per distinct source). */
    public static Accumulators create(List<AggregateCall> calls) {
        return ClassCompiler.newInstance(generate(calls), Accumulators.class);
    }

    /** The generated source for {@code calls}. */
    public static GeneratedClass generate(List<AggregateCall> calls) {
        return new AccumulatorsGenerator(calls).source();
    }

    /** Number of fields of the partial encoding for {@code calls}: the row count plus each call's accumulators. */
    public static int partialArity(List<AggregateCall> calls) {
        return new AccumulatorsGenerator(calls).partialArity();
    }

    private static AggregateFunctionCode codeOf(AggregateCall call, String prefix) {
        AggregateFunctionCode function = switch (call.function()) {
            case COUNT -> new CountCode(prefix, call.resultType());
            case SUM -> new SumCode(prefix, NumericKind.of(call.argType()), SumCode.Result.SUM, call.resultType());
            case SUM0 -> new SumCode(prefix, NumericKind.of(call.argType()), SumCode.Result.SUM0, call.resultType());
            case AVG -> new SumCode(prefix, NumericKind.of(call.argType()), SumCode.Result.AVG, call.resultType());
            case MIN, MAX -> minMax(call, prefix);
            case FIRST_VALUE, LAST_VALUE, LISTAGG -> new ValueSequenceCode(prefix, call.function(), call.retracting(),
                    call.separator() == null ? "," : call.separator());
            case USER -> new UserAggregateCode(prefix, call.user());
        };
        if (call.distinct() && call.argIndex() < 0) {
            throw new IllegalArgumentException("DISTINCT needs an argument: " + call);
        }
        return call.distinct() ? new DistinctCode(prefix, function) : function;
    }

    private static AggregateFunctionCode minMax(AggregateCall call, String prefix) {
        boolean min = call.function() == AggregateCall.AggFunction.MIN;
        // Under DISTINCT the wrapped function sees each value once and loses it only when its last copy goes.
        return call.retracting() || call.distinct()
                ? new RetractableMinMaxCode(prefix, min) : new MinMaxCode(prefix, min);
    }

    private GeneratedClass source() {
        StringBuilder s = new StringBuilder();
        s.append("public final class ").append(CLASS_NAME).append(" implements ")
                .append(Accumulators.class.getName()).append(" {\n");
        s.append("private long rowCount;\nprivate boolean inBundle;\n");
        codes.forEach(code -> s.append(code.fields()));
        s.append("public ").append(Accumulators.class.getName()).append(" newEmpty() { return new ")
                .append(CLASS_NAME).append("(); }\n");
        s.append("public long rowCount() { return rowCount; }\n");
        s.append("public boolean inBundle() { return inBundle; }\n");
        s.append("public void setInBundle(boolean inBundle) { this.inBundle = inBundle; }\n");
        s.append("public int partialArity() { return ").append(partialArity()).append("; }\n");
        s.append(inputMethod("accumulate", "rowCount++;\n", true));
        s.append(inputMethod("retract", "rowCount--;\n", false));
        s.append(partialMethod("writePartial", "target[offset] = Long.valueOf(rowCount);\n", true));
        s.append(partialMethod("merge", "rowCount += ((Long) partial[offset]).longValue();\n", false));
        s.append(valuesMethods());
        return new GeneratedClass(CLASS_NAME, s.append("}\n").toString());
    }

    private int partialArity() {
        return 1 + codes.stream().mapToInt(AggregateFunctionCode::partialArity).sum();
    }

    private String inputMethod(String name, String rowCountChange, boolean accumulate) {
        StringBuilder s = new StringBuilder("public void ").append(name).append("(")
                .append(io.sluice.api.data.Row.class.getName()).append(" input) {\n").append(rowCountChange);
        for (int i = 0; i < codes.size(); i++) {
            AggregateCall call = calls.get(i);
            AggregateFunctionCode code = codes.get(i);
            if (call.user() != null) {
                String arguments = "u" + i;
                s.append("{\nObject[] ").append(arguments).append(" = new Object[] {")
                        .append(call.user().argIndexes().stream().map(index -> "input.field(" + index + ")")
                                .collect(Collectors.joining(", ")))
                        .append("};\n").append(accumulate ? code.accumulate(arguments) : code.retract(arguments))
                        .append("}\n");
            } else if (call.argIndex() < 0) {
                s.append(accumulate ? code.accumulate("null") : code.retract("null"));
            } else {
                String value = "v" + i;
                s.append("{\nObject ").append(value).append(" = input.field(").append(call.argIndex()).append(");\n")
                        .append("if (").append(value).append(" != null) {\n")
                        .append(accumulate ? code.accumulate(value) : code.retract(value)).append("}\n}\n");
            }
        }
        return s.append("}\n").toString();
    }

    private String partialMethod(String name, String rowCountCode, boolean write) {
        String array = write ? "target" : "partial";
        StringBuilder s = new StringBuilder("public void ").append(name)
                .append("(Object[] ").append(array).append(", int offset) {\n").append(rowCountCode);
        int base = 1;
        for (AggregateFunctionCode code : codes) {
            int first = base;
            IntFunction<String> slot = k -> array + "[offset + " + (first + k) + "]";
            s.append(write ? code.writePartial(slot) : code.merge(slot));
            base += code.partialArity();
        }
        return s.append("}\n").toString();
    }

    private String valuesMethods() {
        StringBuilder write = new StringBuilder("public void writeValues(Object[] target, int offset) {\n");
        StringBuilder equal = new StringBuilder("public boolean valuesEqual(Object[] values, int offset) {\n");
        for (int i = 0; i < codes.size(); i++) {
            write.append("target[offset + ").append(i).append("] = ").append(codes.get(i).value()).append(";\n");
            equal.append("if (!").append(codes.get(i).valueEquals("values[offset + " + i + "]"))
                    .append(") { return false; }\n");
        }
        return write.append("}\n").toString() + equal.append("return true;\n}\n");
    }
}
