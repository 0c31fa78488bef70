package io.sluice.bench.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.bench.runtime.RuntimeBenchmark.Config;
import io.sluice.bench.runtime.RuntimeBenchmark.Throughput;
import org.junit.jupiter.api.Test;

/** Q1 through the runtime benchmark's harness on a tiny input. */
class RuntimeBenchmarkSmokeTest {

    @Test
    void runsQ1ThroughTheTableEnvironmentAndCountsAllocations() throws Exception {
        Throughput run = RuntimeBenchmark.throughput(new Config(20_000, 100, false, 2));

        assertThat(run.progress().rowsIn()).isEqualTo(20_000);
        // Without mini-batch every input row changes its word's count once.
        assertThat(run.progress().rowsOut()).isEqualTo(20_000);
        assertThat(run.allocatedBytes()).isPositive();
    }

    @Test
    void measuresTheHeapWhileTheJobHoldsItsState() throws Exception {
        RuntimeBenchmark.Heap heap = RuntimeBenchmark.heap(new Config(0, 1_000, true, 1));

        assertThat(heap.keys()).isEqualTo(1_000);
        assertThat(heap.fewKeys()).isEqualTo(10);
        assertThat(heap.growth()).isPositive();
    }

    @Test
    void profilesWithFlightRecorder() throws Exception {
        String report = RuntimeBenchmark.profile(new Config(20_000, 100, true, 1));

        assertThat(report).contains("CPU samples by top frame", "Allocation by class");
    }
}
