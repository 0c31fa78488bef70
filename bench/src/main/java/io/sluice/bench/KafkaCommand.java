package io.sluice.bench;

import io.sluice.bench.kafka.KafkaBenchmark;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench/run kafka}: page views as JSON from a topic of 4 partitions through a GROUP BY into
 * blackhole, and Debezium changes of an orders table from a topic into PostgreSQL, each timed after a
 * warm-up run over the same topic. The broker is {@code SLUICE_BENCH_KAFKA}, or the embedded one in a JVM
 * of its own, so the CPU time measured is the job's alone.
 */
@Command(name = "kafka", description = "Sluice and Flink 2.3 on the same topics.")
final class KafkaCommand implements Callable<Integer> {
    @Mixin
    BenchMain.Help help;

    @Option(names = "events", paramLabel = "N", converter = BenchMain.Count.class, description = "Page views (10000000).")
    int events = 10_000_000;

    @Mixin
    BenchMain.Changelog changelog;

    @Option(names = "parallelism", paramLabel = "N", description = "The jobs' parallelism (1).")
    int parallelism = 1;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        out.println("Machine: " + Machine.describe());
        out.println();
        KafkaBenchmark.run(new KafkaBenchmark.Config(events, changelog.changes, changelog.keys, parallelism), System.getenv(), out);
        return 0;
    }
}
