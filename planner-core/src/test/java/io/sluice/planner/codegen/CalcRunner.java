package io.sluice.planner.codegen;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.plan.GeneratedClass;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

/** Generates, compiles and runs the calc of a query over table {@code t}. */
final class CalcRunner {
    private final QueryFixture fixture;
    private final ZoneId zone;

    CalcRunner(List<String> names, List<LogicalType> types) {
        this(names, types, ZoneOffset.UTC);
    }

    CalcRunner(List<String> names, List<LogicalType> types, ZoneId zone) {
        this.fixture = new QueryFixture(names, types);
        this.zone = zone;
    }

    GeneratedClass generate(String sql) {
        QueryFixture.CalcParts parts = fixture.calc(sql);
        return CalcCodeGenerator.generate("TestCalc", parts.inputType(), parts.projects(), parts.condition(),
                parts.outputType(), zone);
    }

    CalcFunction compile(String sql) {
        return ClassCompiler.newInstance(generate(sql), CalcFunction.class);
    }

    /** The result of the query's calc on one input row; null when the filter drops it. */
    Row apply(String sql, Object... fields) {
        return compile(sql).apply(Row.insert(fields));
    }

    /** The single projected value of the query for one input row. */
    Object value(String sql, Object... fields) {
        Row row = apply(sql, fields);
        return row == null ? "<filtered>" : row.field(0);
    }
}
