package io.sluice.runtime.operators.window;

import io.sluice.api.data.Row;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.ProcessingTimeAware;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A SESSION table function read as a table. A session's bounds are known only once no row of its key
 * came for the gap, and a later row may still merge two sessions into one, so the rows wait per key and
 * session until the watermark (the clock, on processing time) passes the session's end; then each comes
 * out once with the session's {@code window_start} and {@code window_end}, earlier sessions' rows of a
 * merged one first, each session's in the order they came. A row whose
 * session already ended is late: dropped and counted.
 */
public final class SessionTableFunctionOperator implements OneInputOperator, ProcessingTimeAware, LateRowCounter {
    private final ExecNodes.WindowTableFunction node;
    private final KeyProjection keys;
    private final boolean timestampLtz;
    private SessionIndex sessions;
    private TreeMap<TimeWindow, Map<Object, ArrayList<Row>>> windows = new TreeMap<>();
    /** How far sessions have ended: the watermark, or the clock on processing time. */
    private long watermark = Long.MIN_VALUE;
    /** Written by the subtask only; volatile so that progress reports read it from another thread. */
    private volatile long lateRows;

    public SessionTableFunctionOperator(ExecNodes.WindowTableFunction node) {
        this.node = node;
        this.keys = new KeyProjection(node.partitionKeys() == null ? new int[0] : node.partitionKeys());
        this.sessions = new SessionIndex(node.sizeMillis());
        List<LogicalType> types = node.outputType().types();
        this.timestampLtz = types.get(types.size() - 1).root() == TypeRoot.TIMESTAMP_LTZ;
    }

    @Override
    public void processElement(Row row, Output output) {
        Object time = row.field(node.timeIndex());
        if (time == null) {
            return;
        }
        long timestamp = WindowAggOperator.epochMillis(time);
        if (node.processingTime()) {
            timestamp = Math.max(timestamp, watermark);
        }
        List<Row> rows = sessions.assign(keys.keyOf(row), timestamp, watermark, windows, ArrayList::new,
                List::addAll);
        if (rows == null) {
            lateRows++;
            return;
        }
        rows.add(row.copy());
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        if (!node.processingTime()) {
            fire(newWatermark, output);
        }
    }

    @Override
    public void onProcessingTime(long nowMillis, Output output) {
        if (node.processingTime()) {
            fire(nowMillis, output);
        }
    }

    @Override
    public void endInput(Output output) {
        fire(Long.MAX_VALUE, output);
    }

    private void fire(long upTo, Output output) {
        watermark = Math.max(watermark, upTo);
        while (!windows.isEmpty() && windows.firstKey().end() <= watermark) {
            Map.Entry<TimeWindow, Map<Object, ArrayList<Row>>> fired = windows.pollFirstEntry();
            TimeWindow session = fired.getKey();
            Object start = WindowAggOperator.timeValue(session.start(), timestampLtz);
            Object end = WindowAggOperator.timeValue(session.end(), timestampLtz);
            fired.getValue().forEach((key, rows) -> {
                sessions.remove(key, session);
                for (Row row : rows) {
                    Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 2);
                    fields[row.arity()] = start;
                    fields[row.arity() + 1] = end;
                    output.emit(new Row(row.kind(), fields));
                }
            });
        }
    }

    @Override
    public long lateRowsDropped() {
        return lateRows;
    }

    @Override
    public Serializable snapshotState() {
        TreeMap<TimeWindow, LinkedHashMap<Object, ArrayList<Row>>> copied = new TreeMap<>();
        windows.forEach((session, rowsByKey) -> {
            LinkedHashMap<Object, ArrayList<Row>> copy = new LinkedHashMap<>();
            rowsByKey.forEach((key, rows) -> copy.put(key, new ArrayList<>(rows)));
            copied.put(session, copy);
        });
        return new Snapshot(copied, watermark, lateRows);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        windows = new TreeMap<>(snapshot.sessions());
        sessions = new SessionIndex(node.sizeMillis());
        windows.forEach((session, rowsByKey) -> rowsByKey.keySet()
                .forEach(key -> sessions.replace(key, List.of(), session)));
        watermark = snapshot.watermark();
        lateRows = snapshot.lateRows();
    }

    private record Snapshot(TreeMap<TimeWindow, LinkedHashMap<Object, ArrayList<Row>>> sessions, long watermark,
                            long lateRows) implements Serializable {
    }
}
