package io.sluice.planner.codegen;

import io.sluice.runtime.codegen.CodeGenerationException;
import io.sluice.runtime.functions.DateTimePatterns;
import io.sluice.runtime.functions.DatetimeUnit;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Date and time functions. The current-time functions read the clock for every row (Flink's streaming
 * semantics) with millisecond precision; local values use the session time zone.
 */
final class TemporalCallGenerator {
    private static final String TEMPORAL_FUNCTIONS = CastGenerator.TEMPORAL_FUNCTIONS;
    private static final String DATE_TIME_PATTERNS = DateTimePatterns.class.getName();
    private static final Set<String> NAMES = Set.of("CURRENT_TIMESTAMP", "NOW", "PROCTIME", "LOCALTIMESTAMP", "CURRENT_DATE",
            "CURRENT_TIME", "LOCALTIME", "DATE_FORMAT");

    private final ExpressionGenerator generator;

    TemporalCallGenerator(ExpressionGenerator generator) {
        this.generator = generator;
    }

    boolean handles(String functionName) {
        return NAMES.contains(functionName);
    }

    GeneratedExpression generate(RexCall call) {
        String name = call.getOperator().getName();
        return switch (name) {
            case "EXTRACT" -> extract(call);
            case "DATE_FORMAT" -> dateFormat(call);
            case "FLOOR", "CEIL" -> floorOrCeil(call);
            default -> generator.strict(call.getType(), List.of(), currentTime(call.getType()));
        };
    }

    /** The current time as a value of {@code type}, whichever function asked for it. */
    private String currentTime(RelDataType type) {
        String zone = generator.context().zoneTerm();
        return switch (type.getSqlTypeName()) {
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TEMPORAL_FUNCTIONS + ".currentInstant()";
            case TIMESTAMP -> TEMPORAL_FUNCTIONS + ".localTimestamp(" + zone + ")";
            case DATE -> TEMPORAL_FUNCTIONS + ".currentDate(" + zone + ")";
            case TIME -> TEMPORAL_FUNCTIONS + ".currentTime(" + zone + ", " + type.getPrecision() + ")";
            default -> throw new CodeGenerationException("Current time of type " + type + " is not supported");
        };
    }

    /** DATE_FORMAT(datetime or string, pattern); a constant pattern becomes a static formatter. */
    private GeneratedExpression dateFormat(RexCall call) {
        List<GeneratedExpression> operands = generator.generateOperands(call);
        GeneratedExpression value = operands.get(0);
        RexNode pattern = call.getOperands().get(1);
        String formatter;
        if (pattern instanceof RexLiteral literal && !literal.isNull()) {
            String text = literal.getValueAs(String.class);
            checkPattern(text);
            formatter = generator.context().staticField("java.time.format.DateTimeFormatter",
                    DATE_TIME_PATTERNS + ".formatter(" + JavaLiterals.string(text) + ")");
        } else {
            formatter = DATE_TIME_PATTERNS + ".formatter(" + operands.get(1).valueTerm() + ")";
        }
        String formatted = formatter + ".format(" + localDateTime(value) + ")";
        return generator.strict(call.getType(), operands, formatted);
    }

    private static void checkPattern(String pattern) {
        try {
            DateTimePatterns.formatter(pattern);
        } catch (IllegalArgumentException e) {
            throw new CodeGenerationException("DATE_FORMAT pattern '" + pattern + "' is not valid: " + e.getMessage(),
                    e);
        }
    }

    /** FLOOR or CEIL(datetime TO unit); a TIMESTAMP_LTZ rounds in the session time zone. */
    private GeneratedExpression floorOrCeil(RexCall call) {
        GeneratedExpression value = generator.generate(call.getOperands().get(0));
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(1)).getValueAs(TimeUnitRange.class);
        SqlTypeName typeName = value.type().getSqlTypeName();
        if (typeName != SqlTypeName.DATE && typeName != SqlTypeName.TIMESTAMP
                && typeName != SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
            throw new CodeGenerationException(call.getOperator().getName() + " of " + value.type() + " TO " + unit
                    + " is not supported");
        }
        String zoneArgument = typeName == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                ? ", " + generator.context().zoneTerm() : "";
        String rounded = TEMPORAL_FUNCTIONS + "." + call.getOperator().getName().toLowerCase(java.util.Locale.ROOT)
                + "(" + value.valueTerm() + ", " + DatetimeUnit.class.getName() + "." + datetimeUnit(unit)
                + zoneArgument + ")";
        return generator.strict(call.getType(), List.of(value), rounded);
    }

    private static DatetimeUnit datetimeUnit(TimeUnitRange unit) {
        try {
            return DatetimeUnit.valueOf(unit.name());
        } catch (IllegalArgumentException e) {
            throw new CodeGenerationException("FLOOR and CEIL cannot round to " + unit, e);
        }
    }

    /** A LocalDateTime term for a datetime or (parsed) string value. */
    private String localDateTime(GeneratedExpression value) {
        String term = value.valueTerm();
        return switch (value.type().getSqlTypeName()) {
            case TIMESTAMP -> term;
            case DATE -> term + ".atStartOfDay()";
            case TIME -> term + ".atDate(java.time.LocalDate.EPOCH)";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    "java.time.LocalDateTime.ofInstant(" + term + ", " + generator.context().zoneTerm() + ")";
            case CHAR, VARCHAR -> CastGenerator.CAST_FUNCTIONS + ".parseTimestamp(" + term + ", 9)";
            default -> throw new CodeGenerationException("Datetime value of type " + value.type()
                    + " is not supported");
        };
    }

    /** EXTRACT(unit FROM datetime) as BIGINT; DOW counts Sunday as 1, as Flink. */
    private GeneratedExpression extract(RexCall call) {
        TimeUnitRange unit = ((RexLiteral) call.getOperands().get(0)).getValueAs(TimeUnitRange.class);
        GeneratedExpression value = generator.generate(call.getOperands().get(1));
        String term = value.type().getSqlTypeName() == SqlTypeName.DATE
                || value.type().getSqlTypeName() == SqlTypeName.TIME ? value.valueTerm() : localDateTime(value);
        String field = switch (unit) {
            case YEAR -> term + ".getYear()";
            case QUARTER -> "((" + term + ".getMonthValue() + 2) / 3)";
            case MONTH -> term + ".getMonthValue()";
            case WEEK -> term + ".get(java.time.temporal.IsoFields.WEEK_OF_WEEK_BASED_YEAR)";
            case DAY -> term + ".getDayOfMonth()";
            case DOY -> term + ".getDayOfYear()";
            case DOW -> "(" + term + ".getDayOfWeek().getValue() % 7 + 1)";
            case ISODOW -> term + ".getDayOfWeek().getValue()";
            case HOUR -> term + ".getHour()";
            case MINUTE -> term + ".getMinute()";
            case SECOND -> term + ".getSecond()";
            case MILLISECOND -> "(" + term + ".getSecond() * 1000 + " + term + ".getNano() / 1000000)";
            case MICROSECOND -> "(" + term + ".getSecond() * 1000000L + " + term + ".getNano() / 1000)";
            case DECADE -> "Math.floorDiv(" + term + ".getYear(), 10)";
            case CENTURY -> "((" + term + ".getYear() + 99) / 100)";
            case MILLENNIUM -> "((" + term + ".getYear() + 999) / 1000)";
            default -> throw new CodeGenerationException("EXTRACT(" + unit + ") is not supported");
        };
        return generator.strict(call.getType(), List.of(value), "(" + JavaTypes.javaType(call.getType()) + ") "
                + field);
    }
}
