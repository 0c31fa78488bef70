package io.sluice.runtime.operators.window;

import java.io.Serializable;

/** A window {@code [start, end)} in epoch milliseconds; ordered by end, then start, the order windows fire in. */
record TimeWindow(long start, long end) implements Comparable<TimeWindow>, Serializable {

    @Override
    public int compareTo(TimeWindow other) {
        int byEnd = Long.compare(end, other.end);
        return byEnd != 0 ? byEnd : Long.compare(start, other.start);
    }
}
