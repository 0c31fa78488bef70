package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InputGateTest {
    private final List<String> events = new ArrayList<>();
    private final Downstream recorder = new Downstream() {
        @Override
        public void emit(Row row) {
            events.add(row.toString());
        }

        @Override
        public void watermark(long timestamp) {
            events.add("wm " + timestamp);
        }

        @Override
        public void idle() {
            events.add("idle");
        }

        @Override
        public void bundleEnd() {
            events.add("bundle");
        }
    };
    private final InputGate gate = new InputGate(new int[] {2}, new Downstream[] {recorder},
            checkpointId -> events.add("checkpoint " + checkpointId));

    @Test
    void watermarkIsTheMinimumOverLiveChannels() {
        gate.handle(new ChannelElement.Watermark(0, 100));
        gate.handle(new ChannelElement.Watermark(1, 50));
        gate.handle(new ChannelElement.Watermark(1, 200));
        gate.handle(new ChannelElement.Watermark(0, 90));
        gate.handle(new ChannelElement.EndOfChannel(0));

        assertThat(events).containsExactly("wm 50", "wm 100", "wm 200");
    }

    @Test
    void anIdleChannelHoldsNoWatermarkBackUntilItSendsAgainAndAllIdleGiveTheirLargestWatermark() {
        gate.handle(new ChannelElement.Watermark(0, 100));
        gate.handle(new ChannelElement.Idle(1));
        assertThat(events).containsExactly("wm 100");

        gate.handle(new ChannelElement.Watermark(0, 150));
        gate.handle(batch(1, "back"));
        gate.handle(new ChannelElement.Watermark(0, 300));
        gate.handle(new ChannelElement.Watermark(1, 200));
        assertThat(events).containsExactly("wm 100", "wm 150", "+I[back]", "wm 200");

        gate.handle(new ChannelElement.Idle(0));
        gate.handle(new ChannelElement.Idle(1));
        gate.handle(new ChannelElement.Idle(1));
        assertThat(events).containsExactly("wm 100", "wm 150", "+I[back]", "wm 200", "wm 300", "idle");
    }

    @Test
    void bundleEndsWhenEveryChannelEndedOne() {
        gate.handle(new ChannelElement.BundleEnd(0));
        gate.handle(new ChannelElement.BundleEnd(0));
        assertThat(events).isEmpty();

        gate.handle(new ChannelElement.BundleEnd(1));
        gate.handle(new ChannelElement.BundleEnd(1));
        gate.handle(new ChannelElement.BundleEnd(1));
        assertThat(events).containsExactly("bundle", "bundle");

        gate.handle(new ChannelElement.EndOfChannel(0));
        assertThat(events).containsExactly("bundle", "bundle", "bundle");
    }

    @Test
    void barrierHoldsItsChannelBackUntilEveryChannelDeliveredIt() {
        gate.handle(new ChannelElement.Barrier(0, 7));
        gate.handle(batch(0, "after-barrier"));
        gate.handle(batch(1, "before-barrier"));
        assertThat(events).containsExactly("+I[before-barrier]");

        gate.handle(new ChannelElement.Barrier(1, 7));
        assertThat(events).containsExactly("+I[before-barrier]", "checkpoint 7", "+I[after-barrier]");
    }

    @Test
    void endedChannelCountsAsAligned() {
        gate.handle(new ChannelElement.Barrier(0, 3));
        gate.handle(batch(0, "held"));
        gate.handle(new ChannelElement.EndOfChannel(1));

        assertThat(events).containsExactly("checkpoint 3", "+I[held]");
        assertThat(gate.isFinished()).isFalse();
        gate.handle(new ChannelElement.EndOfChannel(0));
        assertThat(gate.isFinished()).isTrue();
    }

    private static ChannelElement batch(int channel, String word) {
        return new ChannelElement.RowBatch(channel, new Row[] {Row.insert(word)}, 1);
    }
}
