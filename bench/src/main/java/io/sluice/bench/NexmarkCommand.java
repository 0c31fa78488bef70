package io.sluice.bench;

import io.sluice.bench.runtime.NexmarkBenchmark;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.util.stream.IntStream;

/**
 * {@code bench/run nexmark}: every query of {@code examples/nexmark} (or {@code queries=q0,q5}) over
 * {@code events} seeded events into blackhole at parallelism 1 and 2, each timed run after a warm-up run
 * of the same size, and the first query is run three more times before any is timed (a fresh JVM needs
 * a few million events before it runs at speed); events/s and CPU seconds per million events, with the Nexmark project's
 * published Flink throughput per core beside them where it gives one.
 */
@Command(name = "nexmark", description = "The Nexmark queries into blackhole.")
final class NexmarkCommand implements Callable<Integer> {
    @Mixin
    BenchMain.Help help;

    /** Flink's events/s per core in the Nexmark project's published results (GUIDE_V1.md), by query. */
    private static final Map<String, Integer> FLINK_PER_CORE = Map.of(
            "q0", 155_000, "q4", 34_000, "q5", 22_000, "q7", 12_000, "q9", 14_000, "q16", 19_000, "q20", 19_000);

    private static final int JVM_WARM_UP_RUNS = 3;

    @Option(names = "events", paramLabel = "N", converter = BenchMain.Count.class, description = "Events (1000000).")
    int events = 1_000_000;

    @Option(names = "queries", paramLabel = "q0,q5,...", split = ",", description = "Only these queries.")
    List<String> queries;

    @Option(names = "parallelism", paramLabel = "N", description = "Only this parallelism (by default 1 and 2).")
    Integer parallelism;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        Path examples = Path.of(System.getProperty("sluice.root", ".")).resolve("examples/nexmark");
        if (!Files.isRegularFile(examples.resolve("ddl.sql"))) {
            throw new IllegalArgumentException("No Nexmark queries at " + examples.toAbsolutePath());
        }
        List<String> queries = this.queries != null ? this.queries : IntStream.rangeClosed(0, 23).mapToObj(i -> "q" + i)
                        .filter(q -> Files.isRegularFile(examples.resolve(q + ".sql"))).toList();
        List<Integer> parallelisms = parallelism != null ? List.of(parallelism) : List.of(1, 2);
        // A fresh JVM runs its first few million events several times slower than later ones, whatever
        // the query: without this, the first query's figure would measure the JIT.
        for (int i = 0; i < JVM_WARM_UP_RUNS; i++) {
            NexmarkBenchmark.run(examples, queries.get(0), events, 1);
        }
        out.println("Machine: " + Machine.describe());
        out.println();
        out.println("| query | parallelism | events | run s | events/s | CPU s per million events | events per CPU s"
                + " | rows out | Flink's events/s per core | ratio per core |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String query : queries) {
            for (int parallelism : parallelisms) {
                NexmarkBenchmark.run(examples, query, events, parallelism);
                out.println(row(query, parallelism, events, NexmarkBenchmark.run(examples, query, events, parallelism)));
                out.flush();
            }
        }
        return 0;
    }

    private static String row(String query, int parallelism, long events, NexmarkBenchmark.Run run) {
        double seconds = run.runNanos() / 1e9;
        double cpuSeconds = run.cpuNanos() / 1e9;
        double perCpuSecond = events / cpuSeconds;
        Integer flink = FLINK_PER_CORE.get(query);
        return String.format(Locale.ROOT, "| %s | %d | %,d | %.2f | %,.0f | %.2f | %,.0f | %,d | %s | %s |", query,
                parallelism, events, seconds, events / seconds, cpuSeconds * 1e6 / events, perCpuSecond, run.rowsOut(),
                flink == null ? "-" : String.format(Locale.ROOT, "%,d", flink),
                flink == null ? "-" : String.format(Locale.ROOT, "%.1fx", perCpuSecond / flink));
    }
}
