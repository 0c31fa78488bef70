package io.sluice.runtime.operators.window;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

    /** The sessions of {@code key} that the window a row at {@code timestamp} opens would merge with. */
    List<TimeWindow> overlapping(Object key, long timestamp) {
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
        return found;
    }

    /** The session a row at {@code timestamp} ends up in once it merges with {@code overlapping}. */
    TimeWindow merged(long timestamp, List<TimeWindow> overlapping) {
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
