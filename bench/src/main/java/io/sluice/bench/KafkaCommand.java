package io.sluice.bench;

import io.sluice.bench.kafka.KafkaBenchmark;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/**
 * {@code bench/run kafka}: page views as JSON from a topic of 4 partitions through a GROUP BY into
 * blackhole, and Debezium changes of an orders table from a topic into PostgreSQL, each timed after a
 * warm-up run over the same topic. The broker is {@code SLUICE_BENCH_KAFKA}, or the embedded one in a JVM
 * of its own, so the CPU time measured is the job's alone.
 */
final class KafkaCommand {
    private KafkaCommand() {
    }

    static void run(List<String> args, PrintStream out) throws Exception {
        Arguments arguments = new Arguments(args, Set.of("events", "changes", "keys", "parallelism"), Set.of(),
                Set.of());
        KafkaBenchmark.Config config = new KafkaBenchmark.Config(arguments.integer("events", 10_000_000),
                arguments.integer("changes", 1_000_000), arguments.integer("keys", 100_000),
                arguments.integer("parallelism", 1));
        out.println("Machine: " + Machine.describe());
        out.println();
        KafkaBenchmark.run(config, System.getenv(), out);
    }
}
