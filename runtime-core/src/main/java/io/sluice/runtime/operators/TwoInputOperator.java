package io.sluice.runtime.operators;

import io.sluice.api.data.Row;

/** An operator with two inputs (a join): rows of the left and of the right input. */
public interface TwoInputOperator extends StreamOperator {

    void processLeft(Row row, Output output) throws Exception;

    void processRight(Row row, Output output) throws Exception;
}
