package io.sluice.runtime.operators.aggregate;

import io.sluice.runtime.plan.AggregateCall.UserAggregate;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * A user-defined {@code AggregateFunction}: its accumulator in a field, the function in a static field
 * shared by all groups (its state is in the accumulators). The value handed to accumulate and retract
 * is an {@code Object[]} of the call's arguments; a row with NULL for a primitive parameter is skipped.
 */
final class UserAggregateCode implements AggregateFunctionCode {
    private static final String BASE = "io.sluice.api.functions.AggregateFunction";
    private static final Set<String> NUMBERS = Set.of("byte", "short", "int", "long", "float", "double");
    private static final Set<String> BOXED_NUMBERS = Set.of("java.lang.Byte", "java.lang.Short",
            "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double");

    private final String function;
    private final String accumulator;
    private final UserAggregate user;

    UserAggregateCode(String prefix, UserAggregate user) {
        this.function = prefix + "function";
        this.accumulator = prefix + "accumulator";
        this.user = user;
    }

    @Override
    public String fields() {
        return "private static final " + user.functionClass() + " " + function + " = new " + user.functionClass()
                + "();\n" + "private " + user.accumulatorClass() + " " + accumulator + " = (" + user.accumulatorClass()
                + ") ((" + BASE + ") " + function + ").createAccumulator();\n";
    }

    @Override
    public String accumulate(String arguments) {
        return call("accumulate", arguments);
    }

    /** The planner refuses a function without retract over an input that retracts, so this never runs then. */
    @Override
    public String retract(String arguments) {
        return user.retractable() ? call("retract", arguments)
                : "if (true) { throw new IllegalStateException(\"" + user.name() + " cannot retract\"); }\n";
    }

    private String call(String method, String arguments) {
        List<String> parameters = user.parameterClasses();
        StringBuilder nonNull = new StringBuilder("true");
        StringBuilder values = new StringBuilder(accumulator);
        for (int i = 0; i < parameters.size(); i++) {
            String argument = arguments + "[" + i + "]";
            if (NUMBERS.contains(parameters.get(i)) || parameters.get(i).equals("boolean")) {
                nonNull.append(" && ").append(argument).append(" != null");
            }
            values.append(", ").append(converted(argument, parameters.get(i)));
        }
        return "if (" + nonNull + ") { " + function + "." + method + "(" + values + "); }\n";
    }

    /** {@code argument} (an Object holding the SQL value) as the parameter's Java type. */
    private static String converted(String argument, String parameter) {
        if (NUMBERS.contains(parameter)) {
            return "((Number) " + argument + ")." + parameter + "Value()";
        }
        if (parameter.equals("boolean")) {
            return "((Boolean) " + argument + ").booleanValue()";
        }
        if (BOXED_NUMBERS.contains(parameter)) {
            String primitive = parameter.equals("java.lang.Integer") ? "int"
                    : parameter.substring("java.lang.".length()).toLowerCase(Locale.ROOT);
            return "(" + argument + " == null ? null : " + parameter + ".valueOf(((Number) " + argument + ")."
                    + primitive + "Value()))";
        }
        return "(" + parameter + ") " + argument;
    }

    @Override
    public int partialArity() {
        return 1;
    }

    /** A copy: a checkpoint must not change while the accumulator goes on. */
    @Override
    public String writePartial(IntFunction<String> slot) {
        return slot.apply(0) + " = " + UserAccumulators.class.getName() + ".copy(" + accumulator + ");\n";
    }

    /**
     * Merges another accumulator in with the function's {@code merge} (sessions that a row joins); without
     * one, this only restores a checkpoint into a fresh accumulator, as the planner then never merges.
     */
    @Override
    public String merge(IntFunction<String> slot) {
        String copy = "(" + user.accumulatorClass() + ") " + UserAccumulators.class.getName() + ".copy("
                + slot.apply(0) + ")";
        return user.mergeable()
                ? function + ".merge(" + accumulator + ", java.util.Collections.singletonList(" + copy + "));\n"
                : accumulator + " = " + copy + ";\n";
    }

    @Override
    public String value() {
        return "((" + BASE + ") " + function + ").getValue(" + accumulator + ")";
    }
}
