package io.sluice.runtime.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class SplitWatermarksTest {

    @Test
    void aSourceOfOneSplitHasItsLargestCandidate() {
        SplitWatermarks watermarks = new SplitWatermarks(0);
        watermarks.candidate(5);
        watermarks.candidate(3);
        assertThat(watermarks.watermark(0)).isEqualTo(5);
    }

    @Test
    void theSplitThatLagsHoldsTheWatermarkBack() {
        SplitWatermarks watermarks = new SplitWatermarks(0);
        watermarks.split("orders-0");
        watermarks.candidate(100);
        watermarks.split("orders-1");
        watermarks.candidate(40);
        assertThat(watermarks.watermark(0)).isEqualTo(40);
        watermarks.candidate(120);
        assertThat(watermarks.watermark(1)).isEqualTo(100);
        assertThat(watermarks.newest()).isEqualTo(120);
    }

    /** A fetch may bring one partition's rows before another's: the other must not see its rows late. */
    @Test
    void aSplitOfTheReaderThatSentNoRowYetHoldsTheWatermarkBack() {
        SplitWatermarks watermarks = new SplitWatermarks(1_000);
        watermarks.assigned(() -> Set.of("orders-0", "orders-1"));
        watermarks.split("orders-0");
        watermarks.candidate(100);
        assertThat(watermarks.watermark(0)).isEqualTo(Long.MIN_VALUE);
        watermarks.split("orders-1");
        watermarks.candidate(40);
        assertThat(watermarks.watermark(1)).isEqualTo(40);
    }

    @Test
    void aSplitSilentForTheIdleTimeoutStopsHoldingItBackUntilItSendsAgain() {
        SplitWatermarks watermarks = new SplitWatermarks(1_000);
        watermarks.split("orders-0");
        watermarks.candidate(100);
        watermarks.split("orders-1");
        watermarks.candidate(40);
        assertThat(watermarks.watermark(0)).isEqualTo(40);
        watermarks.split("orders-0");
        watermarks.candidate(500);
        assertThat(watermarks.watermark(999)).as("not idle yet").isEqualTo(40);
        watermarks.candidate(600);
        assertThat(watermarks.watermark(1_000)).as("orders-1 idle").isEqualTo(600);
        watermarks.split("orders-1");
        watermarks.candidate(550);
        assertThat(watermarks.watermark(1_001)).as("orders-1 back").isEqualTo(550);
    }

    @Test
    void aRestoredAssignerRemembersEverySplit() {
        SplitWatermarks watermarks = new SplitWatermarks(0);
        watermarks.split("a");
        watermarks.candidate(7);
        watermarks.split("b");
        watermarks.candidate(3);
        SplitWatermarks restored = new SplitWatermarks(0);
        restored.restore(watermarks.snapshot());
        assertThat(restored.watermark(0)).isEqualTo(3);
    }
}
