package io.sluice.runtime.execution;

import io.sluice.api.connector.ScanSource;
import io.sluice.api.connector.SourceReader;
import io.sluice.api.data.Row;
import io.sluice.runtime.plan.ExecNodes;
import java.io.Serializable;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A stage subtask driven by a source reader: polls rows into the chain, injects checkpoint barriers
 * when the coordinator asks, and parks briefly when the reader has nothing.
 */
final class SourceTask extends SubtaskTask {
    private static final int ROWS_PER_TICK = 256;
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final ExecNodes.Source node;
    private final ScanSource source;
    private final Downstream sourceInput;
    private SourceReader reader;
    private long rows;
    private volatile long publishedRows;
    private volatile Map<String, Long> publishedMetrics = Map.of();
    private volatile long triggeredCheckpoint = -1;
    private long lastCheckpoint = -1;
    /** The positions of checkpoints taken and not yet durable, by checkpoint id. */
    private final NavigableMap<Long, Map<String, Long>> pendingPositions = new TreeMap<>();
    private Map<String, Long> snapshotPosition = Map.of();

    SourceTask(SubtaskChain chain, JobAttempt attempt, ExecNodes.Source node, ScanSource source) {
        super(chain, attempt);
        this.node = node;
        this.source = source;
        this.sourceInput = chain.node(node.id()).input(0);
    }

    /** Asks the task to inject barrier {@code checkpointId} before its next row. */
    void triggerCheckpoint(long checkpointId) {
        triggeredCheckpoint = checkpointId;
    }

    long publishedRows() {
        return publishedRows;
    }

    /** The reader's counters as of its last processing-time tick. */
    Map<String, Long> publishedMetrics() {
        return publishedMetrics;
    }

    /** The table this task reads. */
    String tableName() {
        return node.table().table();
    }

    @Override
    void openInput() throws Exception {
        reader = source.createReader(chain.subtask(), chain.stage().parallelism());
        CompletedCheckpoint restored = attempt.restoredFrom();
        Map<String, Long> position = restored == null ? null : restored.sourcePosition(node.id(), chain.subtask());
        if (position != null) {
            reader.seek(position);
        }
    }

    @Override
    void process() throws Exception {
        WatermarkAssignerOperator assigner = watermarkAssigner();
        if (assigner != null) {
            assigner.readerSplits(reader::splits);
        }
        Consumer<Row> output = assigner == null ? row -> {
            rows++;
            sourceInput.emit(row);
        } : row -> {
            rows++;
            assigner.split(reader.currentSplit());
            sourceInput.emit(row);
        };
        int untilTick = ROWS_PER_TICK;
        while (true) {
            long checkpointId = triggeredCheckpoint;
            if (checkpointId > lastCheckpoint) {
                lastCheckpoint = checkpointId;
                checkpoint(checkpointId);
            }
            SourceReader.Status status = attempt.isDraining() ? SourceReader.Status.END_OF_INPUT : poll(output);
            if (status == SourceReader.Status.END_OF_INPUT) {
                break;
            }
            if (status == SourceReader.Status.ROW_EMITTED && --untilTick > 0) {
                continue;
            }
            untilTick = ROWS_PER_TICK;
            if (assigner != null) {
                assigner.readerHasSplits(reader.hasSplits());
            }
            tick();
            if (status == SourceReader.Status.NOTHING_AVAILABLE) {
                chain.flush();
                LockSupport.parkNanos(IDLE_PARK_NANOS);
            }
        }
        publishedRows = rows;
        publishedMetrics = Map.copyOf(reader.metrics());
    }

    /** The watermark assigner this source feeds in its chain, told which split each row comes from; or null. */
    private WatermarkAssignerOperator watermarkAssigner() {
        for (ChainedNode chained : chain.nodes()) {
            if (chained.operator() instanceof WatermarkAssignerOperator assigner) {
                return assigner;
            }
        }
        return null;
    }

    private SourceReader.Status poll(Consumer<Row> output) {
        try {
            return reader.pollNext(output);
        } catch (OperatorFailure | TaskCancelledException e) {
            throw e;
        } catch (Exception e) {
            throw new OperatorFailure(OperatorNames.qualified(node), e);
        }
    }

    private void tick() {
        if (attempt.isStopping() || Thread.currentThread().isInterrupted()) {
            throw new TaskCancelledException();
        }
        publishedRows = rows;
        publishedMetrics = Map.copyOf(reader.metrics());
        commitDurableCheckpoints();
        chain.onProcessingTime(System.currentTimeMillis());
    }

    @Override
    void checkpoint(long checkpointId) {
        super.checkpoint(checkpointId);
        pendingPositions.put(checkpointId, snapshotPosition);
    }

    @Override
    TaskSnapshot snapshot(Map<Integer, Serializable> states) {
        snapshotPosition = Map.copyOf(reader.position());
        return new TaskSnapshot(states, Map.of(node.id(), snapshotPosition));
    }

    @Override
    void checkpointDurable(long checkpointId) {
        Map.Entry<Long, Map<String, Long>> durable = pendingPositions.floorEntry(checkpointId);
        if (durable == null) {
            return;
        }
        pendingPositions.headMap(checkpointId, true).clear();
        try {
            reader.checkpointComplete(durable.getValue());
        } catch (Exception e) {
            throw new OperatorFailure(OperatorNames.qualified(node), e);
        }
    }


    @Override
    void closeInput() throws Exception {
        if (reader != null) {
            reader.close();
        }
    }
}
