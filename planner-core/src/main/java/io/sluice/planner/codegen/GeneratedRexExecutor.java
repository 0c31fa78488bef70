package io.sluice.planner.codegen;

import io.sluice.api.data.Row;
import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.plan.GeneratedClass;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * Folds constant expressions (for Calcite's ReduceExpressionsRule) with the same generated code the
 * runtime runs, so that a folded constant has exactly the value the row-by-row evaluation would give
 * (Flink's CAST formats, DATE_FORMAT, MD5, ...). An expression that cannot be generated or fails to
 * evaluate (a bad CAST) stays as it is, to fail or not at run time as it would without folding, and so
 * does a MAP: it has no literal, and Calcite would rebuild the same constructor from the folded value.
 */
public final class GeneratedRexExecutor implements RexExecutor {
    private final ZoneId sessionZone;

    public GeneratedRexExecutor() {
        this(ZoneOffset.UTC);
    }

    /** @param sessionZone the zone of {@code table.local-time-zone} */
    public GeneratedRexExecutor(ZoneId sessionZone) {
        this.sessionZone = sessionZone;
    }

    @Override
    public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
        for (RexNode expression : constExps) {
            reducedValues.add(reduce(rexBuilder, expression));
        }
    }

    private RexNode reduce(RexBuilder rexBuilder, RexNode expression) {
        if (expression.getType().getSqlTypeName() == SqlTypeName.MAP) {
            return expression;
        }
        RelDataType noInput = rexBuilder.getTypeFactory().builder().build();
        RelDataType output = rexBuilder.getTypeFactory().builder().add("value", expression.getType()).build();
        try {
            GeneratedClass generated = CalcCodeGenerator.generate("ConstantExpression", noInput, List.of(expression),
                    null, output, sessionZone);
            Row result = ClassCompiler.newInstance(generated, CalcFunction.class).apply(Row.insert());
            return literal(rexBuilder, result.field(0), expression.getType());
        } catch (RuntimeException e) {
            return expression;
        }
    }

    private static RexNode literal(RexBuilder rexBuilder, Object value, RelDataType type) {
        if (value == null) {
            return rexBuilder.makeNullLiteral(type);
        }
        return rexBuilder.makeLiteral(calciteValue(value), type, false);
    }

    /** A value in the form Calcite's literals hold. */
    private static Object calciteValue(Object value) {
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof Float || value instanceof Double) {
            return BigDecimal.valueOf(((Number) value).doubleValue());
        }
        if (value instanceof LocalDate date) {
            return DateString.fromDaysSinceEpoch((int) date.toEpochDay());
        }
        if (value instanceof LocalTime time) {
            return new TimeString(time.getHour(), time.getMinute(), time.getSecond()).withNanos(time.getNano());
        }
        if (value instanceof LocalDateTime timestamp) {
            return timestampString(timestamp);
        }
        if (value instanceof Instant instant) {
            return timestampString(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
        }
        if (value instanceof byte[] bytes) {
            return new ByteString(bytes);
        }
        return value;
    }

    private static TimestampString timestampString(LocalDateTime timestamp) {
        return new TimestampString(timestamp.getYear(), timestamp.getMonthValue(), timestamp.getDayOfMonth(),
                timestamp.getHour(), timestamp.getMinute(), timestamp.getSecond()).withNanos(timestamp.getNano());
    }
}
