package io.sluice.runtime.operators.window;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * What an operator keeps per window end and key until the watermark passes the end (a window's rows
 * to rank or join), with the watermark and the count of rows that came after their window was done.
 *
 * @param <V> one key's state of one window
 */
public final class WindowedState<V extends Serializable> {
    private TreeMap<Long, LinkedHashMap<Object, V>> windows = new TreeMap<>();
    private long watermark = Long.MIN_VALUE;
    private volatile long lateRows;

    /** {@code key}'s state of the window ending at {@code windowEnd}; null (the row counted late) once it is done. */
    public V stateOf(long windowEnd, Object key, Supplier<V> create) {
        if (windowEnd <= watermark) {
            lateRows++;
            return null;
        }
        return windows.computeIfAbsent(windowEnd, e -> new LinkedHashMap<>()).computeIfAbsent(key, k -> create.get());
    }

    /** Advances the watermark and hands every key's state of each window it passes to {@code fire}, in order. */
    public void advance(long newWatermark, Consumer<V> fire) {
        watermark = Math.max(watermark, newWatermark);
        while (!windows.isEmpty() && windows.firstKey() <= watermark) {
            windows.pollFirstEntry().getValue().values().forEach(fire);
        }
    }

    /** Rows that arrived after their window was done; readable from any thread. */
    public long lateRows() {
        return lateRows;
    }

    /** A snapshot that later changes leave alone: each key's state copied by {@code copy}. */
    public Serializable snapshot(UnaryOperator<V> copy) {
        TreeMap<Long, LinkedHashMap<Object, V>> copied = new TreeMap<>();
        windows.forEach((end, states) -> {
            LinkedHashMap<Object, V> statesCopy = new LinkedHashMap<>();
            states.forEach((key, state) -> statesCopy.put(key, copy.apply(state)));
            copied.put(end, statesCopy);
        });
        return new Snapshot<>(copied, watermark, lateRows);
    }

    @SuppressWarnings("unchecked")
    public void restore(Serializable state) {
        Snapshot<V> snapshot = (Snapshot<V>) state;
        windows = snapshot.windows();
        watermark = snapshot.watermark();
        lateRows = snapshot.lateRows();
    }

    private record Snapshot<V>(TreeMap<Long, LinkedHashMap<Object, V>> windows, long watermark, long lateRows)
            implements Serializable {
    }
}
