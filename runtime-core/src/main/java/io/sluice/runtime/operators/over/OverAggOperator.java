package io.sluice.runtime.operators.over;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.runtime.operators.LateRowCounter;
import io.sluice.runtime.operators.OneInputOperator;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.operators.Output;
import io.sluice.runtime.operators.aggregate.Accumulators;
import io.sluice.runtime.operators.aggregate.AccumulatorsGenerator;
import io.sluice.runtime.operators.aggregate.KeyProjection;
import io.sluice.runtime.operators.rank.SortOrder;
import io.sluice.runtime.operators.window.WindowAggOperator;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OVER aggregation: emits every input row with the aggregates over its frame within its partition.
 *
 * <p>On insert-only input a row's frame never changes once the row is emitted: by rowtime, rows wait
 * for the watermark and are taken in time order (all rows of one time together, so that RANGE peers
 * see each other), late rows are dropped and counted; by PROCTIME() rows are taken as they come. As in
 * Flink, a row is late for an unbounded frame when the watermark has passed its time, and for a bounded
 * one only when its partition has already taken rows of its time or later: a row behind the watermark
 * of a partition that has not gone that far still joins it, at the next watermark. Only
 * the rows a later frame can still reach are kept. On an updating input every row is kept in order; an
 * inserted or retracted row changes the frames of the rows after it within the frame's reach, and each
 * of those whose aggregates changed is retracted (-U) and emitted again (+U).
 */
public final class OverAggOperator implements OneInputOperator, LateRowCounter {
    private static final Logger LOG = LoggerFactory.getLogger(OverAggOperator.class);

    private final ExecNodes.OverAggregate node;
    private final KeyProjection partitionKeys;
    private final SortOrder order;
    private final OverFrame frame;
    private Accumulators prototype;
    private HashMap<Object, OverPartition> partitions = new HashMap<>();
    /** Rowtime input waiting for the watermark, by time. */
    private TreeMap<Long, List<Row>> waiting = new TreeMap<>();
    private long watermark = Long.MIN_VALUE;
    /** For bounded frames: the latest time each partition has taken rows of. */
    private HashMap<Object, Long> partitionTimes = new HashMap<>();
    private volatile long lateRows;

    public OverAggOperator(ExecNodes.OverAggregate node) {
        this.node = node;
        this.partitionKeys = new KeyProjection(node.partitionKeys());
        this.order = new SortOrder(node.orderBy());
        this.frame = new OverFrame(node.rows(), node.preceding(), node.orderBy().get(0).fieldIndex());
    }

    @Override
    public void open(OperatorContext context) {
        prototype = AccumulatorsGenerator.create(node.aggregates());
    }

    @Override
    public void processElement(Row row, Output output) {
        switch (node.order()) {
            case ROWTIME -> waitForWatermark(row);
            case PROCTIME -> append(List.of(row), output);
            case CHANGELOG -> partition(row).apply(row, output);
        }
    }

    private void waitForWatermark(Row row) {
        Object time = row.field(frame.timeIndex());
        if (time == null) {
            return;
        }
        long millis = WindowAggOperator.epochMillis(time);
        long taken = frame.unbounded() ? watermark : partitionTimes.getOrDefault(partitionKeys.keyOf(row), Long.MIN_VALUE);
        if (millis <= taken) {
            lateRows++;
            LOG.debug("{}: dropped late row {} (watermark {})", node.id(), row, watermark);
            return;
        }
        waiting.computeIfAbsent(millis, t -> new ArrayList<>()).add(row.copy());
    }

    @Override
    public void processWatermark(long newWatermark, Output output) {
        watermark = Math.max(watermark, newWatermark);
        while (!waiting.isEmpty() && waiting.firstKey() <= watermark) {
            List<Row> sameTime = waiting.pollFirstEntry().getValue();
            Map<Object, List<Row>> byPartition = new HashMap<>();
            List<Object> partitionOrder = new ArrayList<>();
            for (Row row : sameTime) {
                Object key = partitionKeys.keyOf(row);
                byPartition.computeIfAbsent(key, k -> {
                    partitionOrder.add(k);
                    return new ArrayList<>();
                }).add(row);
            }
            partitionOrder.forEach(key -> append(byPartition.get(key), output));
        }
    }

    /** Appends rows of one partition that are peers (or one row), in order, and emits them. */
    private void append(List<Row> peers, Output output) {
        partition(peers.get(0)).append(peers, output);
        if (node.order() == ExecNodes.OverOrder.ROWTIME && !frame.unbounded()) {
            partitionTimes.put(partitionKeys.keyOf(peers.get(0)), frame.time(peers.get(0)));
        }
    }

    private OverPartition partition(Row row) {
        return partitions.computeIfAbsent(partitionKeys.keyOf(row),
                key -> new OverPartition(frame, order, prototype, node.aggregates().size(),
                        node.generateUpdateBefore()));
    }

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
        HashMap<Object, OverPartition.Snapshot> saved = new HashMap<>();
        partitions.forEach((key, partition) -> saved.put(key, partition.snapshot()));
        return new Snapshot(saved, new TreeMap<>(waiting), new HashMap<>(partitionTimes), watermark, lateRows);
    }

    @Override
    public void restoreState(Serializable state) {
        Snapshot snapshot = (Snapshot) state;
        partitions = new HashMap<>();
        snapshot.partitions().forEach((key, saved) -> partitions.put(key, OverPartition.restore(saved, frame, order,
                prototype, node.aggregates().size(), node.generateUpdateBefore())));
        waiting = new TreeMap<>(snapshot.waiting());
        partitionTimes = new HashMap<>(snapshot.partitionTimes());
        watermark = snapshot.watermark();
        lateRows = snapshot.lateRows();
    }

    private record Snapshot(HashMap<Object, OverPartition.Snapshot> partitions, TreeMap<Long, List<Row>> waiting,
                            HashMap<Object, Long> partitionTimes, long watermark, long lateRows)
            implements Serializable {
    }

    /** The ROWS or RANGE frame: {@code preceding} rows or milliseconds back from the current row, -1 for all. */
    record OverFrame(boolean rows, long preceding, int timeIndex) {
        boolean unbounded() {
            return preceding < 0;
        }

        long time(Row row) {
            Object value = row.field(timeIndex);
            return value == null ? Long.MIN_VALUE : WindowAggOperator.epochMillis(value);
        }
    }

    /** A copy of {@code row} as {@code kind}. */
    static Row withKind(RowKind kind, Row row) {
        return new Row(kind, row.fields().clone());
    }
}
