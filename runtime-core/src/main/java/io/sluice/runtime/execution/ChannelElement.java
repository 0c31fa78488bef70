package io.sluice.runtime.execution;

import io.sluice.api.data.Row;

/** What travels through a subtask's input queue, tagged with the channel (upstream edge and subtask) it came on. */
sealed interface ChannelElement {

    int channel();

    /** Rows {@code rows[0..size)}, owned by the receiver. */
    record RowBatch(int channel, Row[] rows, int size) implements ChannelElement {
    }

    record Watermark(int channel, long timestamp) implements ChannelElement {
    }

    /** The upstream subtask went idle: its watermark holds nothing back until it sends again. */
    record Idle(int channel) implements ChannelElement {
    }

    /** A mini-batch bundle ended upstream. */
    record BundleEnd(int channel) implements ChannelElement {
    }

    /** Checkpoint barrier: everything before it belongs to checkpoint {@code checkpointId}. */
    record Barrier(int channel, long checkpointId) implements ChannelElement {
    }

    /** The upstream subtask finished; nothing follows on this channel. */
    record EndOfChannel(int channel) implements ChannelElement {
    }
}
