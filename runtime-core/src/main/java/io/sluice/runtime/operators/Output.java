package io.sluice.runtime.operators;

import io.sluice.api.data.Row;

/** Where an operator emits rows. The receiver copies a row it keeps, so an operator may reuse its row objects. */
@FunctionalInterface
public interface Output {
    void emit(Row row);
}
