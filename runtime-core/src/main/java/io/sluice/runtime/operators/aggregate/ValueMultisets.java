package io.sluice.runtime.operators.aggregate;

import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Reads the value multisets (value -> count) of generated retractable MIN/MAX accumulators. Counts
 * can be negative for a while when a partial with retractions is merged before its accumulations,
 * so only values with a positive count are real.
 */
public final class ValueMultisets {
    private ValueMultisets() {
    }

    /** The smallest value with a positive count, or null. */
    public static Object smallest(NavigableMap<?, ?> values) {
        return firstPositive(values.entrySet().iterator());
    }

    /** The largest value with a positive count, or null. */
    public static Object largest(NavigableMap<?, ?> values) {
        return firstPositive(values.descendingMap().entrySet().iterator());
    }

    private static Object firstPositive(Iterator<? extends Map.Entry<?, ?>> entries) {
        while (entries.hasNext()) {
            Map.Entry<?, ?> entry = entries.next();
            if ((Long) entry.getValue() > 0) {
                return entry.getKey();
            }
        }
        return null;
    }
}
