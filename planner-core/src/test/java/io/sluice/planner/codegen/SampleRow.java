package io.sluice.planner.codegen;

import io.sluice.api.types.LogicalType;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;

/**
 * One input row of a table with a column of each common type, all NULL until set, over which
 * expressions are generated, compiled and evaluated as a Calc would.
 */
final class SampleRow {
    private static final List<String> NAMES = List.of("s", "t2", "i", "l", "dbl", "amt", "d", "ts", "ltz");
    private static final List<LogicalType> TYPES = List.of(LogicalType.string(), LogicalType.string(),
            LogicalType.intType(), LogicalType.bigint(), LogicalType.doubleType(), LogicalType.decimal(10, 4),
            LogicalType.date(), LogicalType.timestamp(3), LogicalType.timestampLtz(3));

    private final CalcRunner runner;
    private final Object[] fields;

    private SampleRow(CalcRunner runner, Object[] fields) {
        this.runner = runner;
        this.fields = fields;
    }

    /** A row of NULLs, evaluated with the session time zone UTC. */
    static SampleRow empty() {
        return inZone(ZoneOffset.UTC);
    }

    static SampleRow inZone(ZoneId zone) {
        return new SampleRow(new CalcRunner(NAMES, TYPES, zone), new Object[NAMES.size()]);
    }

    /** This row with {@code column} set to {@code value}. */
    SampleRow with(String column, Object value) {
        int index = NAMES.indexOf(column);
        if (index < 0) {
            throw new IllegalArgumentException("No column " + column + " in " + NAMES);
        }
        Object[] copy = Arrays.copyOf(fields, fields.length);
        copy[index] = value;
        return new SampleRow(runner, copy);
    }

    /** The value of {@code expression} for this row. */
    Object eval(String expression) {
        return runner.value("SELECT " + expression + " FROM t", fields.clone());
    }

    /** The generated source of {@code expression}, failing as generation fails. */
    String generate(String expression) {
        return runner.generate("SELECT " + expression + " FROM t").source();
    }
}
