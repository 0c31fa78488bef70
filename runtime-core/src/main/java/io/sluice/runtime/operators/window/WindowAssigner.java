package io.sluice.runtime.operators.window;

import java.util.ArrayList;
import java.util.List;

/**
 * Assigns a timestamp to its windows, aligned to the epoch: the one TUMBLE window (slide equals size),
 * every HOP window of {@code size} starting at a multiple of {@code slide} that contains it, or, when
 * {@code cumulative}, every CUMULATE window that starts where its {@code size} period starts and ends at
 * a multiple of the step ({@code slide}) after the timestamp.
 */
final class WindowAssigner {
    private final long size;
    private final long slide;
    private final boolean cumulative;

    WindowAssigner(long size, long slide, boolean cumulative) {
        if (size <= 0 || slide <= 0) {
            throw new IllegalArgumentException("Window size and slide must be positive, got size " + size
                    + " ms and slide " + slide + " ms");
        }
        this.size = size;
        this.slide = slide;
        this.cumulative = cumulative;
    }

    /** The windows containing {@code timestamp}, earliest start last. */
    List<TimeWindow> windowsOf(long timestamp) {
        if (cumulative) {
            return cumulativeWindowsOf(timestamp);
        }
        List<TimeWindow> windows = new ArrayList<>((int) Math.min(16, size / slide + 1));
        long lastStart = timestamp - Math.floorMod(timestamp, slide);
        for (long start = lastStart; start > timestamp - size; start -= slide) {
            windows.add(new TimeWindow(start, start + size));
        }
        return windows;
    }

    /** The windows {@code [start, start + k * step)} that contain {@code timestamp}, largest last. */
    private List<TimeWindow> cumulativeWindowsOf(long timestamp) {
        long start = timestamp - Math.floorMod(timestamp, size);
        List<TimeWindow> windows = new ArrayList<>((int) Math.min(16, size / slide));
        for (long end = timestamp - Math.floorMod(timestamp, slide) + slide; end <= start + size; end += slide) {
            windows.add(new TimeWindow(start, end));
        }
        return windows;
    }
}
