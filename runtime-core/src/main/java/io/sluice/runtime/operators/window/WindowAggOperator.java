package io.sluice.runtime.operators.window;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.ProcessingTimeAware;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.Accumulators;
import io.sluice.runtime.operators.aggregate.AccumulatorsGenerator;
import io.sluice.runtime.operators.aggregate.GroupAccumulators;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TUMBLE, HOP, CUMULATE and SESSION window aggregation. Rows are assigned to their windows by the rowtime
 * field (a session window per group key grows and merges as rows arrive); a watermark fires every window
 * whose end is at or before it, emitting one +I row per group: group keys, aggregates, {@code window_start},
 * {@code window_end}. Over an updating input, -U and -D rows are taken back from their windows; a group
 * whose rows were all taken back emits nothing. Rows that only belong to windows already fired are late:
 * they are dropped and counted.
 *
 * <p>On processing time (a {@code PROCTIME()} column) the clock fires the windows instead of watermarks,
 * and no row is late: a row read before the windows its time belongs to fired counts in the window
 * open now, as if it had been read now.
 */
public final class WindowAggOperator implements OneInputOperator, ProcessingTimeAware, LateRowCounter {
    private static final Logger LOG = LoggerFactory.getLogger(WindowAggOperator.class);

    private final ExecNodes.WindowAggregate node;
    private final KeyProjection keys;
    private final WindowAssigner assigner;
    /** The open sessions per key for SESSION windows, null for the others; rebuilt from {@link #windows} on restore. */
    private SessionIndex sessions;
    private Accumulators prototype;
    private TreeMap<TimeWindow, Map<Object, GroupAccumulators>> windows = new TreeMap<>();
    /** How far windows have fired: the watermark, or the clock on processing time. */
    private long watermark = Long.MIN_VALUE;
    private final boolean timestampLtz;
    /** Written by the subtask only; volatile so that progress reports read it from another thread. */
    private volatile long lateRows;

    public WindowAggOperator(ExecNodes.WindowAggregate node) {
        this.node = node;
        this.keys = new KeyProjection(node.groupKeys());
        boolean session = node.window() == ExecNodes.WindowKind.SESSION;
        boolean attached = node.window() == ExecNodes.WindowKind.ATTACHED;
        this.assigner = session || attached ? null : new WindowAssigner(node.sizeMillis(), node.slideMillis(),
                node.window() == ExecNodes.WindowKind.CUMULATE);
        this.sessions = session ? new SessionIndex(node.sizeMillis()) : null;
        List<LogicalType> types = node.outputType().types();
        this.timestampLtz = types.get(types.size() - 1).root() == TypeRoot.TIMESTAMP_LTZ;
    }

    @Override
    public void open(OperatorContext context) {
        prototype = AccumulatorsGenerator.create(node.aggregates());
    }

    @Override
    public void processElement(Row row, Output output) {
        Object time = row.field(node.timeIndex());
        if (time == null) {
            return;
        }
        long timestamp = node.processingTime() ? Math.max(epochMillis(time), watermark) : epochMillis(time);
        if (sessions != null) {
            processInSession(row, timestamp);
            return;
        }
        if (assigner == null) {
            processInAttachedWindow(row, timestamp);
            return;
        }
        boolean assigned = false;
        for (TimeWindow window : assigner.windowsOf(timestamp)) {
            if (window.end() > watermark) {
                groupOf(window, row).accumulators().applyChange(row);
                assigned = true;
            }
        }
        if (!assigned) {
            dropLate(row);
        }
    }

    /** A row of an earlier window aggregation: its window is the one it carries. */
    private void processInAttachedWindow(Row row, long start) {
        Object end = row.field(node.timeIndex() + 1);
        TimeWindow window = new TimeWindow(start, end == null ? start : epochMillis(end));
        if (window.end() <= watermark) {
            dropLate(row);
            return;
        }
        groupOf(window, row).accumulators().applyChange(row);
    }

    private void dropLate(Row row) {
        lateRows++;
        LOG.debug("{}: dropped late row {} (watermark {})", node.id(), row, watermark);
    }

    /** Adds {@code row} to its key's session, merging the sessions it bridges into one. */
    private void processInSession(Row row, long timestamp) {
        GroupAccumulators group = sessions.assign(keys.keyOf(row), timestamp, watermark, windows,
                () -> new GroupAccumulators(keys.values(row), prototype.newEmpty()), this::mergeInto);
        if (group == null) {
            dropLate(row);
            return;
        }
        group.accumulators().applyChange(row);
    }

    private void mergeInto(GroupAccumulators group, GroupAccumulators other) {
        Object[] partial = new Object[prototype.partialArity()];
        other.accumulators().writePartial(partial, 0);
        group.accumulators().merge(partial, 0);
    }

    private GroupAccumulators groupOf(TimeWindow window, Row row) {
        Map<Object, GroupAccumulators> groups = windows.computeIfAbsent(window, w -> new LinkedHashMap<>());
        return groups.computeIfAbsent(keys.keyOf(row),
                k -> new GroupAccumulators(keys.values(row), prototype.newEmpty()));
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

    private void fire(long upTo, Output output) {
        watermark = Math.max(watermark, upTo);
        while (!windows.isEmpty() && windows.firstKey().end() <= watermark) {
            Map.Entry<TimeWindow, Map<Object, GroupAccumulators>> fired = windows.pollFirstEntry();
            if (sessions != null) {
                fired.getValue().keySet().forEach(key -> sessions.remove(key, fired.getKey()));
            }
            emit(fired.getKey(), fired.getValue(), output);
        }
    }

    private void emit(TimeWindow window, Map<Object, GroupAccumulators> groups, Output output) {
        int aggregateCount = node.aggregates().size();
        for (GroupAccumulators group : groups.values()) {
            if (group.accumulators().rowCount() <= 0) {
                continue;
            }
            Object[] fields = group.result(aggregateCount, 2);
            fields[fields.length - 2] = windowBound(window.start());
            fields[fields.length - 1] = windowBound(window.end());
            output.emit(new Row(RowKind.INSERT, fields));
        }
    }

    @Override
    public void endInput(Output output) {
        fire(Long.MAX_VALUE, output);
    }

    @Override
    public long lateRowsDropped() {
        return lateRows;
    }

    @Override
    public Serializable snapshotState() {
        TreeMap<TimeWindow, LinkedHashMap<Object, Object[]>> encoded = new TreeMap<>();
        windows.forEach((window, groups) -> {
            LinkedHashMap<Object, Object[]> encodedGroups = new LinkedHashMap<>();
            groups.forEach((key, group) -> encodedGroups.put(key, group.encode()));
            encoded.put(window, encodedGroups);
        });
        return new Snapshot(encoded, watermark, lateRows);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        windows = new TreeMap<>();
        sessions = sessions == null ? null : new SessionIndex(node.sizeMillis());
        int keyCount = node.groupKeys().length;
        snapshot.windows().forEach((window, groups) -> {
            Map<Object, GroupAccumulators> restored = new LinkedHashMap<>();
            groups.forEach((key, encoded) -> restored.put(key, GroupAccumulators.decode(encoded, keyCount, prototype)));
            windows.put(window, restored);
            if (sessions != null) {
                restored.keySet().forEach(key -> sessions.replace(key, List.of(), window));
            }
        });
        watermark = snapshot.watermark();
        lateRows = snapshot.lateRows();
    }

    /** The epoch milliseconds of a TIMESTAMP (as UTC) or TIMESTAMP_LTZ value. */
    public static long epochMillis(Object time) {
        if (time instanceof LocalDateTime timestamp) {
            return timestamp.toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        if (time instanceof Instant instant) {
            return instant.toEpochMilli();
        }
        throw new IllegalArgumentException("Window time field holds " + time.getClass().getSimpleName()
                + " '" + time + "', expected a TIMESTAMP or TIMESTAMP_LTZ value");
    }

    private Object windowBound(long epochMillis) {
        return timeValue(epochMillis, timestampLtz);
    }

    /** window_start or window_end typed as the time column: TIMESTAMP ({@code ltz} false) or TIMESTAMP_LTZ. */
    static Object timeValue(long epochMillis, boolean ltz) {
        return ltz ? Instant.ofEpochMilli(epochMillis) : LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000),
                (int) Math.floorMod(epochMillis, 1000) * 1_000_000, ZoneOffset.UTC);
    }

    private record Snapshot(TreeMap<TimeWindow, LinkedHashMap<Object, Object[]>> windows, long watermark,
                            long lateRows) implements Serializable {
    }
}
