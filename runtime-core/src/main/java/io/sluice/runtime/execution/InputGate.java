package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The receiving side of a subtask: dispatches rows of each channel to the node input its edge feeds,
 * combines each edge's channels' watermarks (minimum over the channels not idle; an edge whose live
 * channels are all idle is idle itself) and bundle ends (all channels ended a bundle),
 * and aligns checkpoint barriers: a channel that delivered barrier N is held back until every live
 * channel has, then the subtask snapshots and the held-back elements are processed.
 */
final class InputGate {
    /** What a subtask does when barrier N arrived on every live channel. */
    @FunctionalInterface
    interface BarrierHandler {
        void onAligned(long checkpointId);
    }

    private final int[] edgeOfChannel;
    private final int[][] channelsOfEdge;
    private final Downstream[] edgeTargets;
    private final BarrierHandler barrierHandler;
    private final long[] channelWatermarks;
    private final long[] edgeWatermarks;
    private final long[] channelBundles;
    private final long[] edgeBundles;
    private final boolean[] ended;
    private final boolean[] idle;
    private final boolean[] edgeIdle;
    private final boolean[] held;
    private final List<ArrayDeque<ChannelElement>> heldBack = new ArrayList<>();
    private int endedCount;
    private int heldCount;
    private long pendingCheckpoint = -1;

    /**
     * @param channelsPerEdge how many channels each edge has (channels are numbered edge after edge)
     * @param edgeTargets     the node input each edge feeds
     */
    InputGate(int[] channelsPerEdge, Downstream[] edgeTargets, BarrierHandler barrierHandler) {
        int channels = Arrays.stream(channelsPerEdge).sum();
        this.edgeOfChannel = new int[channels];
        this.channelsOfEdge = new int[channelsPerEdge.length][];
        int next = 0;
        for (int edge = 0; edge < channelsPerEdge.length; edge++) {
            channelsOfEdge[edge] = new int[channelsPerEdge[edge]];
            for (int i = 0; i < channelsPerEdge[edge]; i++) {
                channelsOfEdge[edge][i] = next;
                edgeOfChannel[next++] = edge;
            }
        }
        this.edgeTargets = edgeTargets;
        this.barrierHandler = barrierHandler;
        this.channelWatermarks = filled(channels, Long.MIN_VALUE);
        this.edgeWatermarks = filled(channelsPerEdge.length, Long.MIN_VALUE);
        this.channelBundles = new long[channels];
        this.edgeBundles = new long[channelsPerEdge.length];
        this.ended = new boolean[channels];
        this.idle = new boolean[channels];
        this.edgeIdle = new boolean[channelsPerEdge.length];
        this.held = new boolean[channels];
        for (int i = 0; i < channels; i++) {
            heldBack.add(new ArrayDeque<>());
        }
    }

    private static long[] filled(int size, long value) {
        long[] array = new long[size];
        Arrays.fill(array, value);
        return array;
    }

    /** True when every channel delivered its end. */
    boolean isFinished() {
        return endedCount == ended.length;
    }

    void handle(ChannelElement element) {
        int channel = element.channel();
        if (held[channel]) {
            heldBack.get(channel).add(element);
            return;
        }
        if (element instanceof ChannelElement.RowBatch || element instanceof ChannelElement.Watermark) {
            activate(channel);
        }
        if (element instanceof ChannelElement.RowBatch batch) {
            Downstream target = edgeTargets[edgeOfChannel[channel]];
            Row[] rows = batch.rows();
            for (int i = 0, size = batch.size(); i < size; i++) {
                target.emit(rows[i]);
            }
        } else if (element instanceof ChannelElement.Watermark watermark) {
            channelWatermarks[channel] = Math.max(channelWatermarks[channel], watermark.timestamp());
            advanceEdge(edgeOfChannel[channel]);
        } else if (element instanceof ChannelElement.Idle) {
            idle[channel] = true;
            advanceEdge(edgeOfChannel[channel]);
        } else if (element instanceof ChannelElement.BundleEnd) {
            channelBundles[channel]++;
            advanceEdge(edgeOfChannel[channel]);
        } else if (element instanceof ChannelElement.Barrier barrier) {
            hold(channel, barrier.checkpointId());
        } else {
            ended[channel] = true;
            endedCount++;
            channelWatermarks[channel] = Long.MAX_VALUE;
            advanceEdge(edgeOfChannel[channel]);
            completeAlignment();
        }
    }

    /** A channel that sends again counts for its edge's watermark again, and the edge is no longer idle. */
    private void activate(int channel) {
        idle[channel] = false;
        edgeIdle[edgeOfChannel[channel]] = false;
    }

    /**
     * Passes on what every live channel of the edge has reached: the minimum watermark of those not idle,
     * its bundle ends. When every live channel is idle, the edge is too, after passing on the largest
     * watermark any of them reached: the last one to go quiet may have been held back by the others.
     */
    private void advanceEdge(int edge) {
        long watermark = Long.MAX_VALUE;
        long idleMaximum = Long.MIN_VALUE;
        long bundles = Long.MAX_VALUE;
        boolean anyActive = false;
        boolean anyIdle = false;
        for (int channel : channelsOfEdge[edge]) {
            if (idle[channel] && !ended[channel]) {
                anyIdle = true;
                idleMaximum = Math.max(idleMaximum, channelWatermarks[channel]);
            } else {
                anyActive |= !ended[channel];
                watermark = Math.min(watermark, channelWatermarks[channel]);
            }
            if (!ended[channel]) {
                bundles = Math.min(bundles, channelBundles[channel]);
            }
        }
        boolean allIdle = anyIdle && !anyActive;
        long reached = allIdle ? idleMaximum : watermark;
        if (reached > edgeWatermarks[edge]) {
            edgeWatermarks[edge] = reached;
            edgeTargets[edge].watermark(reached);
        }
        if (allIdle && !edgeIdle[edge]) {
            edgeIdle[edge] = true;
            edgeTargets[edge].idle();
        }
        while (bundles != Long.MAX_VALUE && bundles > edgeBundles[edge]) {
            edgeBundles[edge]++;
            edgeTargets[edge].bundleEnd();
        }
    }

    private void hold(int channel, long checkpointId) {
        if (pendingCheckpoint >= 0 && checkpointId != pendingCheckpoint) {
            throw new IllegalStateException("Barrier of checkpoint " + checkpointId + " arrived while checkpoint "
                    + pendingCheckpoint + " is being aligned");
        }
        pendingCheckpoint = checkpointId;
        held[channel] = true;
        heldCount++;
        completeAlignment();
    }

    private void completeAlignment() {
        if (pendingCheckpoint < 0 || heldCount + endedCount < ended.length) {
            return;
        }
        long checkpointId = pendingCheckpoint;
        pendingCheckpoint = -1;
        barrierHandler.onAligned(checkpointId);
        Arrays.fill(held, false);
        heldCount = 0;
        for (int channel = 0; channel < held.length; channel++) {
            ArrayDeque<ChannelElement> elements = heldBack.get(channel);
            if (!elements.isEmpty()) {
                heldBack.set(channel, new ArrayDeque<>());
                elements.forEach(this::handle);
            }
        }
    }
}
