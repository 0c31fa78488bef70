package io.sluice.runtime.codegen;

import io.sluice.api.data.Row;

/**
 * What a generated Calc class implements: projects and filters one row. Implementations may throw
 * runtime exceptions for bad data (a cast that fails); the runtime reports them with the row.
 */
public interface CalcFunction {

    /** The projected row with {@code input}'s kind, or null when the filter drops it. */
    Row apply(Row input);
}
