package io.sluice.connectors.datagen;

import io.sluice.connectors.generator.RowRandom;

/** Computes one column's value for a row; a pure function of the row index and the row's random stream. */
@FunctionalInterface
interface FieldGenerator {
    Object value(long rowIndex, RowRandom random);
}
