package io.sluice.runtime.operators.window;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The open sessions of each key, by start: a row at {@code ts} opens {@code [ts, ts + gap)}, and the
 * sessions of its key that this window overlaps or touches merge with it into one, as in Flink.
 */
final class SessionIndex {
    private final long gap;
    private final Map<Object, TreeMap<Long, TimeWindow>> sessionsByKey = new HashMap<>();

    SessionIndex(long gap) {
        if (gap <= 0) {
            throw new IllegalArgumentException("Session gap must be positive, got " + gap + " ms");
        }
        this.gap = gap;
    }

    /**
     * The state of the session a row of {@code key} at {@code timestamp} belongs to, once it merged the
     * sessions it bridges ({@code mergeInto(kept, other)} joins their state) in {@code windows}, the state
     * per session and key; null when that session ends at or before {@code watermark} (the row is late).
     */
    <V> V assign(Object key, long timestamp, long watermark, TreeMap<TimeWindow, Map<Object, V>> windows,
                 Supplier<V> create, BiConsumer<V, V> mergeInto) {
        List<TimeWindow> overlapping = overlapping(key, timestamp);
        TimeWindow session = merged(timestamp, overlapping);
        if (session.end() <= watermark) {
            return null;
        }
        V state = overlapping.isEmpty() ? create.get() : take(windows, overlapping.get(0), key);
        for (TimeWindow other : overlapping.subList(Math.min(1, overlapping.size()), overlapping.size())) {
            mergeInto.accept(state, take(windows, other, key));
        }
        replace(key, overlapping, session);
        windows.computeIfAbsent(session, w -> new LinkedHashMap<>()).put(key, state);
        return state;
    }

    private static <V> V take(TreeMap<TimeWindow, Map<Object, V>> windows, TimeWindow window, Object key) {
        Map<Object, V> states = windows.get(window);
        V state = states.remove(key);
        if (states.isEmpty()) {
            windows.remove(window);
        }
        return state;
    }

    /** The sessions of {@code key} that the window a row at {@code timestamp} opens would merge with, earliest first. */
    private List<TimeWindow> overlapping(Object key, long timestamp) {
        TreeMap<Long, TimeWindow> sessions = sessionsByKey.get(key);
        if (sessions == null) {
            return List.of();
        }
        List<TimeWindow> found = new ArrayList<>(2);
        for (TimeWindow session : sessions.headMap(timestamp + gap, true).descendingMap().values()) {
            if (session.end() < timestamp) {
                break;
            }
            found.add(session);
        }
        Collections.reverse(found);
        return found;
    }

    /** The session a row at {@code timestamp} ends up in once it merges with {@code overlapping}. */
    private TimeWindow merged(long timestamp, List<TimeWindow> overlapping) {
        long start = timestamp;
        long end = timestamp + gap;
        for (TimeWindow session : overlapping) {
            start = Math.min(start, session.start());
            end = Math.max(end, session.end());
        }
        return new TimeWindow(start, end);
    }

    /** Records that {@code key}'s sessions {@code merged} became {@code session}. */
    void replace(Object key, List<TimeWindow> merged, TimeWindow session) {
        TreeMap<Long, TimeWindow> sessions = sessionsByKey.computeIfAbsent(key, k -> new TreeMap<>());
        merged.forEach(old -> sessions.remove(old.start()));
        sessions.put(session.start(), session);
    }

    /** Forgets {@code key}'s {@code session} once it has fired. */
    void remove(Object key, TimeWindow session) {
        TreeMap<Long, TimeWindow> sessions = sessionsByKey.get(key);
        if (sessions != null && sessions.remove(session.start()) != null && sessions.isEmpty()) {
            sessionsByKey.remove(key);
        }
    }
}
