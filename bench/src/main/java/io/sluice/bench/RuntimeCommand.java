package io.sluice.bench;

import io.sluice.bench.runtime.RuntimeBenchmark;
import io.sluice.bench.runtime.RuntimeBenchmark.Config;
import io.sluice.bench.runtime.RuntimeBenchmark.Throughput;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench/run runtime}: Q1 with mini-batch off and on at parallelism 1 and 2; each timed run comes
 * after a warm-up run of a tenth of the rows (not reported). With {@code --profile}, a JFR profile of
 * the parallelism-1 mini-batch run follows the table.
 */
@Command(name = "runtime", description = "Q1 through the runtime, mini-batch off and on.")
final class RuntimeCommand implements Callable<Integer> {
    @Mixin
    BenchMain.Help help;

    @Option(names = "rows", paramLabel = "N", converter = BenchMain.Count.class, description = "Input rows (10000000).")
    int rows = 10_000_000;

    @Option(names = "keys", paramLabel = "N", converter = BenchMain.Count.class, description = "Distinct keys (100000).")
    int keys = 100_000;

    @Option(names = "parallelism", paramLabel = "N", description = "Only this parallelism (by default 1 and 2).")
    Integer parallelism;

    @Option(names = "--profile", description = "A JFR profile of the parallelism-1 mini-batch run after the table.")
    boolean profile;

    @Option(names = "--no-heap", description = "Skip the heap measurement per key.")
    boolean noHeap;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        List<Integer> parallelisms = parallelism != null ? List.of(parallelism) : List.of(1, 2);
        out.println("Machine: " + Machine.describe());
        out.println();
        out.println("| mini-batch | parallelism | input rows | planning s | run s | input rows/s | CPU s"
                + " | rows per CPU s | changes out | allocated B/row | allocation MB/s | heap B/key (net)"
                + " | heap B/key (raw) |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (boolean miniBatch : List.of(false, true)) {
            for (int parallelism : parallelisms) {
                Config config = new Config(rows, keys, miniBatch, parallelism);
                RuntimeBenchmark.throughput(new Config(Math.max(1, rows / 10), keys, miniBatch, parallelism));
                out.println(row(config, RuntimeBenchmark.throughput(config), !noHeap));
            }
        }
        if (profile) {
            out.println();
            out.println("Profile of mini-batch on, parallelism 1, " + rows + " rows:");
            out.println(RuntimeBenchmark.profile(new Config(rows, keys, true, 1)));
        }
        return 0;
    }

    private static String row(Config config, Throughput run, boolean measureHeap) throws InterruptedException {
        double runSeconds = run.runNanos() / 1e9;
        String heap = "- | -";
        if (measureHeap) {
            RuntimeBenchmark.Heap measured = RuntimeBenchmark.heap(config);
            heap = String.format(Locale.ROOT, "%.0f | %.0f", measured.netPerKey(), measured.rawPerKey());
        }
        double cpuSeconds = run.cpuNanos() / 1e9;
        return String.format(Locale.ROOT,
                "| %s | %d | %,d | %.2f | %.2f | %,.0f | %.2f | %,.0f | %,d | %.0f | %,.0f | %s |",
                config.miniBatch() ? "on" : "off", config.parallelism(), config.rows(), run.planNanos() / 1e9,
                runSeconds, config.rows() / runSeconds, cpuSeconds, config.rows() / cpuSeconds,
                run.progress().rowsOut(),
                (double) run.allocatedBytes() / config.rows(), run.allocatedBytes() / 1e6 / runSeconds, heap);
    }
}
