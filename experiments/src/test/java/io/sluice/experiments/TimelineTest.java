package io.sluice.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimelineTest {

    /** Not written yet, present, a gap of two polls, present with a new value, a gap to the end. */
    static final List<Observation> OBSERVATIONS = List.of(
            new Observation(1_000_000, null, -1),
            new Observation(1_001_000, 0L, 0),
            new Observation(1_002_000, 0L, 0),
            new Observation(1_003_000, null, 3),
            new Observation(1_004_500, null, 3),
            new Observation(1_005_000, 1L, 5),
            new Observation(1_006_000, 1L, 7),
            new Observation(1_007_000, null, 7),
            new Observation(1_008_000, null, 7));

    private final Timeline timeline = new Timeline(OBSERVATIONS);

    @Test
    void aGapRunsFromTheFirstPollThatMissedTheKeyToTheFirstThatSawItAgain() {
        assertThat(timeline.gaps()).containsExactly(new Gap(1_003_000, 1_005_000), new Gap(1_007_000, 1_008_000));
        assertThat(timeline.longestGapMillis()).isEqualTo(2.0);
    }

    @Test
    void aTypicalGapIsOneOfMedianLength() {
        assertThat(timeline.medianGap()).contains(new Gap(1_003_000, 1_005_000));
        assertThat(new Timeline(OBSERVATIONS.subList(0, 3)).medianGap()).isEmpty();
    }

    @Test
    void tellsHowFinelyTheObserverSaw() {
        assertThat(timeline.pollIntervalMillis(50)).isEqualTo(1.0);
        assertThat(timeline.pollIntervalMillis(100)).isEqualTo(1.5);
        assertThat(timeline.pollIntervalMillis(0)).isEqualTo(0.5);
    }

    @Test
    void theTimeBeforeTheKeyIsFirstWrittenIsNoGap() {
        Timeline notYetWritten = new Timeline(OBSERVATIONS.subList(0, 3));

        assertThat(notYetWritten.gaps()).isEmpty();
        assertThat(notYetWritten.longestGapMillis()).isZero();
    }

    @Test
    void aCommitIsSeenWhenThePresenceTheValueOrTheCommittedSequenceChanges() {
        assertThat(timeline.commitMicros()).containsExactly(1_001_000L, 1_003_000L, 1_005_000L, 1_006_000L,
                1_007_000L);
    }

    @Test
    void spansTheFirstToTheLastPoll() {
        assertThat(timeline.startMicros()).isEqualTo(1_000_000);
        assertThat(timeline.endMicros()).isEqualTo(1_008_000);
    }
}
