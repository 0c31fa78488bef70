package io.sluice.runtime.execution;

import io.sluice.api.connector.SinkWriter;
import io.sluice.runtime.operators.OperatorContext;
import io.sluice.runtime.plan.ExecNode;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The chained operators of one stage subtask, in topological order, and the channel writers that
 * carry their output to other stages. Used by one thread only.
 */
final class SubtaskChain {
    private static final long FLUSH_INTERVAL_MILLIS = 50;

    private final Stage stage;
    private final int subtask;
    private final List<ChainedNode> nodes;
    private final Map<Integer, ChainedNode> byId = new HashMap<>();
    private final List<ChannelWriter> writers;
    private final List<ChainedNode> timeAware = new ArrayList<>();
    private final List<ChainedNode> sinks = new ArrayList<>();
    private long lastFlushMillis;

    SubtaskChain(Stage stage, int subtask, List<ChainedNode> nodes, List<ChannelWriter> writers) {
        this.stage = stage;
        this.subtask = subtask;
        this.nodes = nodes;
        this.writers = writers;
        for (ChainedNode node : nodes) {
            byId.put(node.nodeId(), node);
            if (node.isProcessingTimeAware()) {
                timeAware.add(node);
            }
            if (node.operator() instanceof SinkOperator) {
                sinks.add(node);
            }
        }
    }

    Stage stage() {
        return stage;
    }

    int subtask() {
        return subtask;
    }

    List<ChainedNode> nodes() {
        return nodes;
    }

    ChainedNode node(int nodeId) {
        return byId.get(nodeId);
    }

    /** {@code Source[1] words -> Calc[2] (1/2)}. */
    String threadName() {
        return stage.name() + " (" + (subtask + 1) + "/" + stage.parallelism() + ")";
    }

    /**
     * Opens every operator and restores its state from {@code checkpoint} (null: fresh start). Sink
     * writers are always initialized, with null when they have no state to resume from.
     */
    void open(Map<String, String> configuration, CompletedCheckpoint checkpoint) {
        for (int i = 0; i < nodes.size(); i++) {
            ChainedNode node = nodes.get(i);
            ExecNode planNode = stage.nodes().get(i);
            node.open(new OperatorContext(node.name(), subtask, stage.parallelism(), configuration,
                    System::currentTimeMillis));
            Serializable state = checkpoint == null ? null : checkpoint.operatorState(planNode.id(), subtask);
            if (node.operator() instanceof SinkOperator sink) {
                node.call(() -> sink.initializeWriter(state));
            } else if (state != null) {
                node.restore(state);
            }
        }
    }

    /** Processing-time work: markers due, sink metrics, and batches held for too long. */
    void onProcessingTime(long nowMillis) {
        for (ChainedNode node : timeAware) {
            node.onProcessingTime(nowMillis);
        }
        if (nowMillis - lastFlushMillis >= FLUSH_INTERVAL_MILLIS) {
            flush();
            lastFlushMillis = nowMillis;
        }
    }

    void flush() {
        for (ChannelWriter writer : writers) {
            writer.flush();
        }
    }

    /** Snapshots every operator and sink writer, then sends the barrier on. */
    Map<Integer, Serializable> checkpoint(long checkpointId) {
        Map<Integer, Serializable> states = snapshot();
        for (ChainedNode node : sinks) {
            snapshotWriter(node, checkpointId, states);
        }
        for (ChannelWriter writer : writers) {
            writer.barrier(checkpointId);
        }
        return states;
    }

    /**
     * The last snapshot after the input ended: writers that write on commit seal what is left under
     * {@link SinkWriter#END_OF_INPUT}.
     */
    Map<Integer, Serializable> finalSnapshot() {
        Map<Integer, Serializable> states = snapshot();
        for (ChainedNode node : sinks) {
            if (((SinkOperator) node.operator()).writesOnCommit()) {
                snapshotWriter(node, SinkWriter.END_OF_INPUT, states);
            }
        }
        return states;
    }

    private static void snapshotWriter(ChainedNode node, long checkpointId, Map<Integer, Serializable> states) {
        SinkOperator sink = (SinkOperator) node.operator();
        Serializable[] state = new Serializable[1];
        node.call(() -> state[0] = sink.snapshotWriter(checkpointId));
        if (state[0] != null) {
            states.put(node.nodeId(), state[0]);
        }
    }

    /** True when a sink of this chain writes only when checkpoints complete. */
    boolean writesOnCommit() {
        return sinks.stream().anyMatch(node -> ((SinkOperator) node.operator()).writesOnCommit());
    }

    /** Tells the sinks that checkpoint {@code checkpointId} is durable. */
    void commitCheckpoint(long checkpointId) {
        for (ChainedNode node : sinks) {
            SinkOperator sink = (SinkOperator) node.operator();
            node.call(() -> sink.commitWriter(checkpointId));
        }
    }

    Map<Integer, Serializable> snapshot() {
        Map<Integer, Serializable> states = new HashMap<>();
        for (ChainedNode node : nodes) {
            Serializable state = node.snapshot();
            if (state != null) {
                states.put(node.nodeId(), state);
            }
        }
        return states;
    }

    /** All inputs ended: every operator emits what is left, then the channels end. */
    void endInput() {
        for (ChainedNode node : nodes) {
            node.endInput();
        }
        for (ChannelWriter writer : writers) {
            writer.endOfChannel();
        }
    }

    /** Closes every operator, also after a failure; returns the first exception closing threw. */
    Exception close() {
        Exception first = null;
        for (ChainedNode node : nodes) {
            try {
                node.close();
            } catch (Exception e) {
                if (first == null) {
                    first = new OperatorFailure(node.name(), e);
                }
            }
        }
        return first;
    }
}
