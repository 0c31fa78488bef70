package io.sluice.runtime.operators.window;

import java.util.ArrayList;
import java.util.List;

/**
 * Assigns a timestamp to its windows: the one TUMBLE window (slide equals size) or every HOP window of
 * {@code size} starting at a multiple of {@code slide} that contains it, aligned to the epoch.
 */
final class WindowAssigner {
    private final long size;
    private final long slide;

    WindowAssigner(long size, long slide) {
        if (size <= 0 || slide <= 0) {
            throw new IllegalArgumentException("Window size and slide must be positive, got size " + size
                    + " ms and slide " + slide + " ms");
        }
        this.size = size;
        this.slide = slide;
    }

    /** The windows containing {@code timestamp}, earliest start last. */
    List<TimeWindow> windowsOf(long timestamp) {
        List<TimeWindow> windows = new ArrayList<>((int) Math.min(16, size / slide + 1));
        long lastStart = timestamp - Math.floorMod(timestamp, slide);
        for (long start = lastStart; start > timestamp - size; start -= slide) {
            windows.add(new TimeWindow(start, start + size));
        }
        return windows;
    }
}
