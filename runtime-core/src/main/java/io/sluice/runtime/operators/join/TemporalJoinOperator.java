package io.sluice.runtime.operators.join;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.JoinCondition;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.TwoInputOperator;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * An event-time temporal join: each left row joins the version of the right row of its key that was
 * valid at the left row's time, the latest right change at or before it. A left row waits until the
 * watermark (the smaller of both inputs') passes its time, as only then have all versions up to it
 * arrived; then the rows the watermark released come out in the order they came, each with its own
 * kind. A version that is a delete matches nothing; a LEFT join pads a row without a matching version
 * with NULLs. Versions older than the one valid at the watermark can no longer be asked for and go.
 */
public final class TemporalJoinOperator implements TwoInputOperator {
    private final ExecNodes.TemporalJoin node;
    private final KeyProjection leftKeys;
    private final KeyProjection rightKeys;
    private JoinCondition condition;
    private long watermark = Long.MIN_VALUE;
    private long arrivals;
    /** Left rows waiting for the watermark, by their time. */
    private TreeMap<Long, List<Waiting>> waiting = new TreeMap<>();
    /** Each key's right rows by time: the versions, deletes included. */
    private Map<Object, TreeMap<Long, Row>> versions = new HashMap<>();
    /** The keys that got a version at a time, whose older versions go once the watermark passes it. */
    private TreeMap<Long, Set<Object>> prunable = new TreeMap<>();

    public TemporalJoinOperator(ExecNodes.TemporalJoin node) {
        this.node = node;
        this.leftKeys = new KeyProjection(node.leftKeys());
        this.rightKeys = new KeyProjection(node.rightKeys());
    }

    @Override
    public void open(OperatorContext context) {
        condition = node.condition() == null ? (l, r) -> true
                : ClassCompiler.newInstance(node.condition(), JoinCondition.class);
    }

    @Override
    public void processLeft(Row row, Output output) {
        Object time = row.field(node.leftTimeIndex());
        if (time == null || leftKeys.hasNull(row)) {
            emitUnmatched(row, output);
            return;
        }
        long millis = WindowAggOperator.epochMillis(time);
        Waiting left = new Waiting(arrivals++, row.copy(), millis);
        if (millis <= watermark) {
            join(left, output);
        } else {
            waiting.computeIfAbsent(millis, t -> new ArrayList<>(2)).add(left);
        }
    }

    /** A -U carries no version of its own: the +U that follows it is the new version. */
    @Override
    public void processRight(Row row, Output output) {
        Object time = row.field(node.rightTimeIndex());
        if (time == null || row.kind() == RowKind.UPDATE_BEFORE || rightKeys.hasNull(row)) {
            return;
        }
        long millis = WindowAggOperator.epochMillis(time);
        Object key = rightKeys.keyOf(row);
        versions.computeIfAbsent(key, k -> new TreeMap<>()).put(millis, row.copy());
        prunable.computeIfAbsent(millis, t -> new HashSet<>()).add(key);
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        watermark = Math.max(watermark, newWatermark);
        List<Waiting> released = new ArrayList<>();
        while (!waiting.isEmpty() && waiting.firstKey() <= watermark) {
            released.addAll(waiting.pollFirstEntry().getValue());
        }
        released.sort(Comparator.comparingLong(Waiting::arrival));
        released.forEach(left -> join(left, output));
        while (!prunable.isEmpty() && prunable.firstKey() <= watermark) {
            prunable.pollFirstEntry().getValue().forEach(this::prune);
        }
    }

    private void join(Waiting left, Output output) {
        TreeMap<Long, Row> keyVersions = versions.get(leftKeys.keyOf(left.row()));
        Map.Entry<Long, Row> version = keyVersions == null ? null : keyVersions.floorEntry(left.time());
        Row right = version == null ? null : version.getValue();
        if (right != null && right.kind() != RowKind.DELETE && condition.test(left.row(), right)) {
            output.emit(joined(left.row(), right.fields()));
        } else {
            emitUnmatched(left.row(), output);
        }
    }

    private void emitUnmatched(Row left, Output output) {
        if (node.leftOuter()) {
            output.emit(joined(left, new Object[node.outputType().names().size() - left.arity()]));
        }
    }

    private static Row joined(Row left, Object[] right) {
        return JoinedRows.joined(left.kind(), left.fields(), right);
    }

    /** Drops the versions of {@code key} before the one valid at the watermark, and a key left only deleted. */
    private void prune(Object key) {
        TreeMap<Long, Row> keyVersions = versions.get(key);
        Long current = keyVersions == null ? null : keyVersions.floorKey(watermark);
        if (current == null) {
            return;
        }
        keyVersions.headMap(current, false).clear();
        if (keyVersions.size() == 1 && keyVersions.firstEntry().getValue().kind() == RowKind.DELETE) {
            versions.remove(key);
        }
    }

    @Override
    public void endInput(Output output) {
        processWatermark(Long.MAX_VALUE, output);
    }

    @Override
    public Serializable snapshotState() {
        ArrayList<Waiting> left = new ArrayList<>();
        waiting.values().forEach(left::addAll);
        HashMap<Object, TreeMap<Long, Row>> right = new HashMap<>();
        versions.forEach((key, keyVersions) -> right.put(key, new TreeMap<>(keyVersions)));
        return new Snapshot(left, right, watermark, arrivals);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        watermark = snapshot.watermark();
        arrivals = snapshot.arrivals();
        waiting = new TreeMap<>();
        snapshot.left().forEach(left -> waiting.computeIfAbsent(left.time(), t -> new ArrayList<>(2)).add(left));
        versions = new HashMap<>(snapshot.right());
        prunable = new TreeMap<>();
        versions.forEach((key, keyVersions) -> keyVersions.keySet()
                .forEach(time -> prunable.computeIfAbsent(time, t -> new HashSet<>()).add(key)));
    }

    /** A left row, its place in the arrival order and its time. */
    private record Waiting(long arrival, Row row, long time) implements Serializable {
    }

    private record Snapshot(ArrayList<Waiting> left, HashMap<Object, TreeMap<Long, Row>> right, long watermark,
                            long arrivals) implements Serializable {
    }
}
