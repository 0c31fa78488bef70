package io.sluice.connectors.generator;

import java.util.function.LongSupplier;

/**
 * Paces a generating reader at a fixed number of rows per second: {@link #ahead()} says whether emitting
 * one more row now would exceed the rate. One reading of the clock tells how many rows are due, and
 * those are let through without reading it again (a clock read per row costs more than generating a
 * row at a high rate).
 */
public final class EmitSchedule {
    private final double nanosPerRow;
    private final LongSupplier nanoClock;
    private boolean started;
    private long startNanos;
    private long emitted;
    private long dueWithoutClock;

    /** @param nanosPerRow the time one row takes at the rate; 0 for no limit */
    public EmitSchedule(double nanosPerRow, LongSupplier nanoClock) {
        this.nanosPerRow = nanosPerRow;
        this.nanoClock = nanoClock;
    }

    /** True when the next row is not due yet; otherwise counts it as emitted. */
    public boolean ahead() {
        if (nanosPerRow <= 0) {
            return false;
        }
        if (dueWithoutClock > 0) {
            dueWithoutClock--;
            emitted++;
            return false;
        }
        long now = nanoClock.getAsLong();
        if (!started) {
            started = true;
            startNanos = now;
        }
        long elapsed = now - startNanos;
        if (elapsed < (long) (emitted * nanosPerRow)) {
            return true;
        }
        long lastDue = (long) (elapsed / nanosPerRow);
        if ((long) (lastDue * nanosPerRow) > elapsed) {
            lastDue--;
        }
        dueWithoutClock = Math.max(0, lastDue - emitted);
        emitted++;
        return false;
    }

    /** Starts the schedule again from the next call (after a restore). */
    public void restart() {
        started = false;
        emitted = 0;
        dueWithoutClock = 0;
    }
}
