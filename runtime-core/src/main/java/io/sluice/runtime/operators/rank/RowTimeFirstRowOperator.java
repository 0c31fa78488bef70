package io.sluice.runtime.operators.rank;

import io.sluice.api.data.Row;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keep-first deduplication on event time over an insert-only input ({@code ROW_NUMBER() OVER (PARTITION
 * BY k ORDER BY rowtime ASC) = 1}), insert-only as Flink's: each key's row with the earliest time (the
 * first to arrive among equal times) waits until the watermark reaches its time and is then emitted once,
 * for good. Rows of a key already emitted are ignored; a row whose time the watermark has passed is late,
 * dropped and counted.
 */
public final class RowTimeFirstRowOperator implements OneInputOperator, LateRowCounter {
    private final KeyProjection keys;
    private final int timeIndex;
    private HashMap<Object, Row> waiting = new HashMap<>();
    /** The keys waiting, by the time of their row; a key whose row was replaced by an earlier one is skipped. */
    private TreeMap<Long, List<Object>> due = new TreeMap<>();
    private HashSet<Object> emitted = new HashSet<>();
    private long watermark = Long.MIN_VALUE;
    private volatile long lateRows;

    public RowTimeFirstRowOperator(ExecNodes.Rank node) {
        this.keys = new KeyProjection(node.partitionKeys());
        this.timeIndex = node.orderBy().get(0).fieldIndex();
    }

    @Override
    public void processElement(Row row, Output output) {
        Object time = row.field(timeIndex);
        if (time == null) {
            return;
        }
        long millis = WindowAggOperator.epochMillis(time);
        if (millis < watermark) {
            lateRows++;
            return;
        }
        Object key = keys.keyOf(row);
        if (emitted.contains(key)) {
            return;
        }
        Row first = waiting.get(key);
        if (first == null || millis < WindowAggOperator.epochMillis(first.field(timeIndex))) {
            waiting.put(key, row.copy());
            due.computeIfAbsent(millis, t -> new ArrayList<>()).add(key);
        }
    }

    @Override
    public void processWatermark(long watermark, Output output) {
        this.watermark = Math.max(this.watermark, watermark);
        while (!due.isEmpty() && due.firstKey() <= watermark) {
            Map.Entry<Long, List<Object>> entry = due.pollFirstEntry();
            for (Object key : entry.getValue()) {
                Row first = waiting.get(key);
                if (first != null && WindowAggOperator.epochMillis(first.field(timeIndex)) == entry.getKey()) {
                    waiting.remove(key);
                    emitted.add(key);
                    output.emit(first);
                }
            }
        }
    }

    /** The end of the input passes every time: the rows still waiting are each key's first. */
    @Override
    public void endInput(Output output) {
        processWatermark(Long.MAX_VALUE, output);
    }

    @Override
    public long lateRowsDropped() {
        return lateRows;
    }

    @Override
    public Serializable snapshotState() {
        TreeMap<Long, List<Object>> dueCopy = new TreeMap<>();
        due.forEach((time, keysDue) -> dueCopy.put(time, new ArrayList<>(keysDue)));
        return new Snapshot(new HashMap<>(waiting), dueCopy, new HashSet<>(emitted), watermark, lateRows);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        waiting = new HashMap<>(snapshot.waiting());
        due = new TreeMap<>(snapshot.due());
        emitted = new HashSet<>(snapshot.emitted());
        watermark = snapshot.watermark();
        lateRows = snapshot.lateRows();
    }

    private record Snapshot(HashMap<Object, Row> waiting, TreeMap<Long, List<Object>> due, HashSet<Object> emitted,
                            long watermark, long lateRows) implements Serializable {
    }
}
