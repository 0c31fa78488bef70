package io.sluice.runtime.operators;

import io.sluice.api.data.Row;

/** An operator with one input. */
public interface OneInputOperator extends StreamOperator {

    /** Processes one row; the row may be reused by the caller after the call, so copy what you keep. */
    void processElement(Row row, Output output) throws Exception;
}
