package io.sluice.runtime.codegen;

import io.sluice.api.data.Row;
import java.util.function.Consumer;

/**
 * What a generated Correlate class implements: holds one instance of a user-defined table function and
 * calls it with the arguments it computes from each input row.
 */
public interface CorrelateFunction {

    /** Where the function's {@code collect} sends its rows. */
    void setCollector(Consumer<Object> collector);

    /**
     * Calls the function for {@code input}; it collects zero or more rows. The call is skipped (nothing
     * collected) when an argument is NULL for a primitive parameter.
     */
    void eval(Row input);
}
