package io.sluice.runtime.execution;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** A stage subtask fed by channels from other stages through its input queue. */
final class ChannelTask extends SubtaskTask {
    private static final long IDLE_WAIT_MILLIS = 10;
    private static final int DRAIN_LIMIT = 16;

    private final BlockingQueue<ChannelElement> queue;
    private final InputGate gate;

    ChannelTask(SubtaskChain chain, JobAttempt attempt, BlockingQueue<ChannelElement> queue, int[] channelsPerEdge,
                Downstream[] edgeTargets) {
        super(chain, attempt);
        this.queue = queue;
        this.gate = new InputGate(channelsPerEdge, edgeTargets, this::checkpoint);
    }

    @Override
    void process() throws InterruptedException {
        List<ChannelElement> elements = new ArrayList<>(DRAIN_LIMIT);
        while (!gate.isFinished()) {
            if (attempt.isStopping()) {
                throw new TaskCancelledException();
            }
            commitDurableCheckpoints();
            // Taking what is queued at once costs one lock round for many batches.
            if (queue.drainTo(elements, DRAIN_LIMIT) == 0) {
                // Nothing to do right now: pass on what waits in batches, then wait.
                chain.flush();
                chain.onProcessingTime(System.currentTimeMillis());
                ChannelElement element = queue.poll(IDLE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
                if (element == null) {
                    continue;
                }
                elements.add(element);
            }
            for (ChannelElement element : elements) {
                gate.handle(element);
            }
            elements.clear();
            chain.onProcessingTime(System.currentTimeMillis());
        }
    }

    @Override
    TaskSnapshot snapshot(Map<Integer, Serializable> states) {
        return new TaskSnapshot(states, Map.of());
    }
}
