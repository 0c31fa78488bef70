package io.sluice.connectors.datagen;

import java.time.Instant;
import java.time.ZoneId;

/**
 * The time a row is due at the configured rate, counted from an anchor: datagen's times follow it
 * so that they move forward with the rows yet stay a pure function of the row index.
 */
record RowClock(Instant anchor, ZoneId zone, double nanosPerRow) {

    Instant timeOf(long rowIndex) {
        return anchor.plusNanos((long) (rowIndex * nanosPerRow));
    }
}
