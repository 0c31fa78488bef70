package io.sluice.runtime.operators.correlate;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.runtime.functions.DecimalFunctions;
import io.sluice.runtime.operators.Output;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

/**
 * Receives what a table function collects for one input row and emits each collected row joined to
 * it, with the input's kind. A collected value that is not of its column's type fails the job naming
 * the function and the column, as it would otherwise surface far away, in a sink or an aggregate.
 */
final class FunctionRowCollector implements java.util.function.Consumer<Object> {
    private final String function;
    private final boolean rowResult;
    private final List<String> names;
    private final List<LogicalType> types;
    private Row input;
    private Output output;
    private int count;

    /**
     * @param rowResult whether the function collects {@link Row}s (else each value is the only column)
     * @param names     the function's columns
     * @param types     their types
     */
    FunctionRowCollector(String function, boolean rowResult, List<String> names, List<LogicalType> types) {
        this.function = function;
        this.rowResult = rowResult;
        this.names = names;
        this.types = types;
    }

    /** Collected rows join {@code row} and go to {@code out} from now on. */
    void begin(Row row, Output out) {
        this.input = row;
        this.output = out;
        this.count = 0;
    }

    /** How many rows the function collected since {@link #begin}. */
    int count() {
        return count;
    }

    @Override
    public void accept(Object collected) {
        Object[] values = rowResult ? rowFields(collected) : new Object[] {collected};
        Object[] joined = Arrays.copyOf(input.fields(), input.arity() + values.length);
        for (int i = 0; i < values.length; i++) {
            joined[input.arity() + i] = checked(values[i], i);
        }
        count++;
        output.emit(new Row(input.kind(), joined));
    }

    private Object[] rowFields(Object collected) {
        if (!(collected instanceof Row row) || row.arity() != types.size()) {
            throw new IllegalArgumentException("Table function " + function + " produced " + collected + ": collect "
                    + "a Row of " + types.size() + " fields " + names);
        }
        return row.fields();
    }

    private Object checked(Object value, int column) {
        LogicalType type = types.get(column);
        if (value == null || type.javaClass().isInstance(value)) {
            return type.root() == TypeRoot.DECIMAL && value != null
                    ? DecimalFunctions.fit((BigDecimal) value, type.precision(), type.scale()) : value;
        }
        throw new IllegalArgumentException("Table function " + function + " produced " + value.getClass().getName()
                + " for column '" + names.get(column) + "' " + type + ": collect " + type.javaClass().getName()
                + " values for it");
    }
}
