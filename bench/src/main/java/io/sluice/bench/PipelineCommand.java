package io.sluice.bench;

import io.sluice.bench.pipeline.PipelineBenchmark;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench/run pipeline}: the whole job into each database, synchronous baseline and pipelined writers. */
@Command(name = "pipeline", mixinStandardHelpOptions = true,
        description = "The whole job into each database: server capacity, synchronous baseline, pipelined writers.")
final class PipelineCommand implements Callable<Integer> {
    @Mixin
    BenchMain.Help help;

    @Mixin
    BenchMain.Databases databases;

    @Mixin
    BenchMain.Changelog changelog;

    @Option(names = "max-rows", paramLabel = "N,N", split = ",", description = "sink.buffer-flush.max-rows values (100,5000,50000).")
    List<Integer> maxRows = List.of(100, 5_000, 50_000);

    @Option(names = "writers", paramLabel = "N,N", split = ",", description = "sink.parallelism of the pipelined writer (1,2).")
    List<Integer> writers = List.of(1, 2);

    @Option(names = "--profile", description = "A JFR profile of the pipelined writer after the table.")
    boolean profile;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        out.println("Machine: " + Machine.describe());
        out.println();
        PipelineBenchmark.run(new PipelineBenchmark.Config(changelog.changes, changelog.keys, maxRows, writers,
                databases.names(), profile),
                System.getenv(), out);
        return 0;
    }
}
