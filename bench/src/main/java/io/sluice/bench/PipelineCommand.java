package io.sluice.bench;

import io.sluice.bench.pipeline.PipelineBenchmark;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** {@code bench/run pipeline}: the whole job into each database, synchronous baseline and pipelined writers. */
final class PipelineCommand {

    private PipelineCommand() {
    }

    static void run(List<String> args, PrintStream out) throws Exception {
        Arguments arguments = new Arguments(args, Set.of("changes", "keys", "max-rows", "writers"), Set.of("db"),
                Set.of("profile"));
        String databases = arguments.text("db", "all");
        PipelineBenchmark.Config config = new PipelineBenchmark.Config(arguments.integer("changes", 1_000_000),
                arguments.integer("keys", 100_000), integers(arguments, "max-rows", "100,5000,50000"),
                integers(arguments, "writers", "1,2"),
                databases.equals("all") ? List.of("postgres", "mariadb") : List.of(databases), arguments.flag("profile"));
        out.println("Machine: " + Machine.describe());
        out.println();
        PipelineBenchmark.run(config, System.getenv(), out);
    }

    private static List<Integer> integers(Arguments arguments, String name, String defaultValue) {
        String text = arguments.text(name, defaultValue);
        try {
            return Arrays.stream(text.split(",")).map(String::trim).map(Integer::valueOf).toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Argument '" + name + "=" + text + "' is not a list of whole numbers", e);
        }
    }
}
