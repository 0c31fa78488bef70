package io.sluice.runtime.execution;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The largest watermark candidate of each split a source subtask reads (a Kafka partition), and the
 * watermark they allow together: the smallest of them (a split that sent no row yet allows none),
 * leaving out splits that sent no row for the idle timeout, so that one partition that lags behind does not make the rows of the others late, and one that
 * went quiet does not hold the rest back forever.
 */
final class SplitWatermarks {
    /** The split of a reader that does not name its splits. */
    private static final String SINGLE = "";

    private final long idleTimeoutMillis;
    private final Map<String, Split> splits = new HashMap<>();
    private String currentName;
    private Split current;
    private boolean allIdle;
    private Supplier<Set<String>> assigned = Set::of;

    /** @param idleTimeoutMillis how long a split may be silent and still hold the watermark back; 0: forever */
    SplitWatermarks(long idleTimeoutMillis) {
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    /** The splits the reader reads, asked when a split sends its first row. */
    void assigned(Supplier<Set<String>> names) {
        assigned = names;
    }

    /** The split the next candidates belong to (null: the reader has one). */
    void split(String name) {
        String key = name == null ? SINGLE : name;
        if (!key.equals(currentName)) {
            currentName = key;
            current = splits.get(key);
            if (current == null) {
                // every split the reader has holds the watermark back from now on, not only those that sent rows
                assigned.get().forEach(other -> splits.computeIfAbsent(other, k -> new Split()));
                current = splits.computeIfAbsent(key, k -> new Split());
            }
        }
    }

    void candidate(long millis) {
        if (current == null) {
            split(null);
        }
        current.max = Math.max(current.max, millis);
        current.sentRow = true;
    }

    /** The watermark at {@code nowMillis}: the smallest candidate of the splits not idle; MIN_VALUE if none. */
    long watermark(long nowMillis) {
        long watermark = Long.MAX_VALUE;
        allIdle = !splits.isEmpty();
        for (Split split : splits.values()) {
            if (split.sentRow || split.lastRowMillis == Long.MIN_VALUE) {
                split.lastRowMillis = nowMillis;
                split.sentRow = false;
            }
            boolean idle = idleTimeoutMillis > 0 && nowMillis - split.lastRowMillis >= idleTimeoutMillis;
            if (!idle) {
                watermark = Math.min(watermark, split.max);
                allIdle = false;
            }
        }
        return watermark == Long.MAX_VALUE ? Long.MIN_VALUE : watermark;
    }

    /** True when, at the last {@link #watermark}, every split had been silent for the idle timeout. */
    boolean allIdle() {
        return allIdle;
    }

    /** The newest candidate of any split, for the job's lag. */
    long newest() {
        long newest = Long.MIN_VALUE;
        for (Split split : splits.values()) {
            newest = Math.max(newest, split.max);
        }
        return newest;
    }

    Serializable snapshot() {
        HashMap<String, Long> state = new HashMap<>();
        splits.forEach((name, split) -> state.put(name, split.max));
        return state;
    }

    @SuppressWarnings("unchecked")
    void restore(Serializable state) {
        splits.clear();
        currentName = null;
        current = null;
        ((Map<String, Long>) state).forEach((name, max) -> splits.computeIfAbsent(name, k -> new Split()).max = max);
    }

    /** One split's largest candidate and when it last sent a row. */
    private static final class Split {
        long max = Long.MIN_VALUE;
        long lastRowMillis = Long.MIN_VALUE;
        boolean sentRow;
    }
}
