package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import java.util.concurrent.BlockingQueue;

/**
 * The sending end of one {@link StageEdge} in one upstream subtask: routes copies of rows to the
 * downstream subtasks' queues in batches, and broadcasts markers after flushing the batches before
 * them. A full queue blocks the sender (backpressure).
 */
final class ChannelWriter implements Downstream {
    static final int BATCH_SIZE = 256;

    private final BlockingQueue<ChannelElement>[] targets;
    private final int channel;
    private final Routing routing;
    private final int[] keys;
    private final Row[][] batches;
    private final int[] sizes;

    /**
     * @param targets the queues this writer sends to (one for FORWARD, all downstream subtasks otherwise)
     * @param channel this writer's channel number in each target's input gate
     */
    ChannelWriter(BlockingQueue<ChannelElement>[] targets, int channel, Routing routing, int[] keys) {
        this.targets = targets;
        this.channel = channel;
        this.routing = routing;
        this.keys = keys;
        this.batches = new Row[targets.length][];
        this.sizes = new int[targets.length];
    }

    @Override
    public void emit(Row row) {
        int target = routing == Routing.HASH && targets.length > 1 ? KeyHash.subtask(row, keys, targets.length) : 0;
        Row[] batch = batches[target];
        if (batch == null) {
            batch = new Row[BATCH_SIZE];
            batches[target] = batch;
        }
        batch[sizes[target]++] = row.copy();
        if (sizes[target] == BATCH_SIZE) {
            send(target);
        }
    }

    @Override
    public void watermark(long timestamp) {
        broadcast(new ChannelElement.Watermark(channel, timestamp));
    }

    @Override
    public void idle() {
        broadcast(new ChannelElement.Idle(channel));
    }

    @Override
    public void bundleEnd() {
        broadcast(new ChannelElement.BundleEnd(channel));
    }

    void barrier(long checkpointId) {
        broadcast(new ChannelElement.Barrier(channel, checkpointId));
    }

    void endOfChannel() {
        broadcast(new ChannelElement.EndOfChannel(channel));
    }

    @Override
    public void flush() {
        for (int target = 0; target < targets.length; target++) {
            if (sizes[target] > 0) {
                send(target);
            }
        }
    }

    private void broadcast(ChannelElement element) {
        flush();
        for (int target = 0; target < targets.length; target++) {
            put(target, element);
        }
    }

    private void send(int target) {
        put(target, new ChannelElement.RowBatch(channel, batches[target], sizes[target]));
        batches[target] = null;
        sizes[target] = 0;
    }

    private void put(int target, ChannelElement element) {
        try {
            targets[target].put(element);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TaskCancelledException();
        }
    }
}
