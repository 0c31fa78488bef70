package io.sluice.planner.codegen;

import io.sluice.runtime.functions.EncodingFunctions;
import io.sluice.runtime.functions.RegexFunctions;
import io.sluice.runtime.functions.StringFunctions;
import io.sluice.runtime.functions.TimeConversionFunctions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexCall;

/**
 * Functions that are one call of a static method of {@code io.sluice.runtime.functions} on the operands'
 * values, NULL when an operand is NULL (or when the method returns null). Optional arguments are
 * overloads of the method. Some methods also take the session time zone after the operands.
 */
final class RuntimeCallGenerator {
    /**
     * A static method; {@code zone}: it takes the session time zone after the operands (when there are
     * any); {@code boxed}: it returns a boxed number or boolean that may be null.
     */
    private record Method(String name, boolean zone, boolean boxed) {
        static Method of(Class<?> owner, String method) {
            return new Method(owner.getName() + "." + method, false, false);
        }

        static Method withZone(Class<?> owner, String method, boolean boxed) {
            return new Method(owner.getName() + "." + method, true, boxed);
        }
    }

    private static final Map<String, Method> METHODS = Map.ofEntries(
            Map.entry("REPLACE", Method.of(StringFunctions.class, "replace")),
            Map.entry("INITCAP", Method.of(StringFunctions.class, "initcap")),
            Map.entry("REVERSE", Method.of(StringFunctions.class, "reverse")),
            Map.entry("REPEAT", Method.of(StringFunctions.class, "repeat")),
            Map.entry("LEFT", Method.of(StringFunctions.class, "left")),
            Map.entry("RIGHT", Method.of(StringFunctions.class, "right")),
            Map.entry("LPAD", Method.of(StringFunctions.class, "lpad")),
            Map.entry("RPAD", Method.of(StringFunctions.class, "rpad")),
            Map.entry("POSITION", Method.of(StringFunctions.class, "locate")),
            Map.entry("LOCATE", Method.of(StringFunctions.class, "locate")),
            Map.entry("SPLIT_INDEX", Method.of(StringFunctions.class, "splitIndex")),
            Map.entry("ASCII", Method.of(StringFunctions.class, "ascii")),
            Map.entry("CHR", Method.of(StringFunctions.class, "chr")),
            Map.entry("REGEXP", Method.of(RegexFunctions.class, "matches")),
            Map.entry("REGEXP_REPLACE", Method.of(RegexFunctions.class, "replace")),
            Map.entry("REGEXP_EXTRACT", Method.of(RegexFunctions.class, "extract")),
            Map.entry("MD5", Method.of(EncodingFunctions.class, "md5")),
            Map.entry("SHA1", Method.of(EncodingFunctions.class, "sha1")),
            Map.entry("SHA256", Method.of(EncodingFunctions.class, "sha256")),
            Map.entry("SHA512", Method.of(EncodingFunctions.class, "sha512")),
            Map.entry("SHA2", Method.of(EncodingFunctions.class, "sha2")),
            Map.entry("TO_BASE64", Method.of(EncodingFunctions.class, "toBase64")),
            Map.entry("FROM_BASE64", Method.of(EncodingFunctions.class, "fromBase64")),
            Map.entry("HEX", Method.of(EncodingFunctions.class, "hex")),
            Map.entry("TO_TIMESTAMP", Method.of(TimeConversionFunctions.class, "toTimestamp")),
            Map.entry("TO_DATE", Method.of(TimeConversionFunctions.class, "toDate")),
            Map.entry("CONVERT_TZ", Method.of(TimeConversionFunctions.class, "convertTz")),
            Map.entry("TO_TIMESTAMP_LTZ", Method.of(TimeConversionFunctions.class, "toTimestampLtz")),
            Map.entry("FROM_UNIXTIME", Method.withZone(TimeConversionFunctions.class, "fromUnixtime", false)),
            Map.entry("UNIX_TIMESTAMP", Method.withZone(TimeConversionFunctions.class, "unixTimestamp", true)));

    private final ExpressionGenerator generator;

    RuntimeCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    boolean handles(String functionName) {
        return METHODS.containsKey(functionName);
    }

    GeneratedExpression generate(RexCall call) {
        Method method = METHODS.get(call.getOperator().getName());
        List<GeneratedExpression> operands = generator.generateOperands(call);
        List<String> arguments = new ArrayList<>();
        operands.forEach(operand -> arguments.add(operand.valueTerm()));
        if (method.zone() && !operands.isEmpty()) {
            arguments.add(generator.context().zoneTerm());
        }
        String value = method.name() + arguments.stream().collect(Collectors.joining(", ", "(", ")"));
        return method.boxed() ? generator.strictBoxed(call.getType(), operands, value)
                : generator.strict(call.getType(), operands, value);
    }
}
