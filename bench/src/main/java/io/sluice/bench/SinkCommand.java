package io.sluice.bench;

import io.sluice.bench.sink.SinkBenchmark;
import io.sluice.bench.sink.SinkBenchmark.Workload;
import io.sluice.bench.sink.SinkDatabase;
import io.sluice.bench.sink.SinkResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench/run sink}: the sink benchmark against each database and each of its batch strategies,
 * after a smaller warm-up run of each (not reported). With {@code --profile}, a JFR profile of each
 * database's first strategy follows the table.
 */
@Command(name = "sink", description = "The JDBC sink alone, each batch strategy.")
final class SinkCommand implements Callable<Integer> {
    @Mixin
    BenchMain.Help help;

    private static final long SEED = 42;
    private static final double DELETE_SHARE = 0.1;

    @Mixin
    BenchMain.Databases databases;

    @Mixin
    BenchMain.Changelog changelog;

    @Option(names = "max-rows", paramLabel = "N", converter = BenchMain.Count.class,
            description = "sink.buffer-flush.max-rows (5000).")
    int maxRows = 5_000;

    @Option(names = "warmup", paramLabel = "N", converter = BenchMain.Count.class,
            description = "Changes of the unreported warm-up run of each strategy (200000).")
    int warmup = 200_000;

    @Option(names = "--profile", description = "A JFR profile of each database's first strategy after the table.")
    boolean profile;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        Workload workload = new Workload(changelog.changes, changelog.keys, maxRows, DELETE_SHARE, SEED);
        List<SinkDatabase> databases = databases(this.databases.names());
        out.println("Machine: " + Machine.describe());
        for (SinkDatabase database : databases) {
            out.println(database.name() + ": " + database.serverVersion());
        }
        out.println();
        out.println(SinkResult.markdownHeader());
        for (SinkDatabase database : databases) {
            for (SinkDatabase.Strategy strategy : database.strategies()) {
                if (warmup > 0) {
                    SinkBenchmark.run(database, strategy, new Workload(warmup, workload.keys(), workload.maxRows(),
                            DELETE_SHARE, SEED + 1));
                }
                out.println(SinkBenchmark.run(database, strategy, workload).markdownRow());
            }
        }
        if (profile) {
            for (SinkDatabase target : databases) {
                profile(target, workload, out);
            }
        }
        return 0;
    }

    private static void profile(SinkDatabase database, Workload workload, PrintStream out) throws Exception {
        try (JfrProfile profile = new JfrProfile()) {
            SinkBenchmark.run(database, database.strategies().get(0), workload);
            out.println();
            out.println("Profile of " + database.name() + ", " + database.strategies().get(0).name() + ":");
            out.println(profile.stopAndReport());
        }
    }

    private static List<SinkDatabase> databases(List<String> names) {
        Map<String, SinkDatabase> known = SinkDatabase.fromEnvironment(System.getenv());
        return names.stream().map(name -> {
            if (!known.containsKey(name)) {
                throw new IllegalArgumentException("Unknown database '" + name + "'; use postgres, mariadb or all");
            }
            return known.get(name);
        }).toList();
    }
}
