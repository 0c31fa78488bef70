package io.sluice.bench;

import io.sluice.bench.sink.SinkBenchmark;
import io.sluice.bench.sink.SinkBenchmark.Workload;
import io.sluice.bench.sink.SinkDatabase;
import io.sluice.bench.sink.SinkResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bench/run sink}: the sink benchmark against each database and each of its batch strategies,
 * after a smaller warm-up run of each (not reported). With {@code --profile}, a JFR profile of each
 * database's first strategy follows the table.
 */
final class SinkCommand {
    private static final long SEED = 42;
    private static final double DELETE_SHARE = 0.1;

    private SinkCommand() {
    }

    static void run(List<String> args, PrintStream out) throws Exception {
        Arguments arguments = new Arguments(args, Set.of("changes", "keys", "max-rows", "warmup"), Set.of("db"),
                Set.of("profile"));
        Workload workload = new Workload(arguments.integer("changes", 1_000_000), arguments.integer("keys", 100_000),
                arguments.integer("max-rows", 5_000), DELETE_SHARE, SEED);
        int warmup = arguments.integer("warmup", 200_000);
        List<SinkDatabase> databases = databases(arguments.text("db", "all"));
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
        if (arguments.flag("profile")) {
            for (SinkDatabase database : databases) {
                profile(database, workload, out);
            }
        }
    }

    private static void profile(SinkDatabase database, Workload workload, PrintStream out) throws Exception {
        try (JfrProfile profile = new JfrProfile()) {
            SinkBenchmark.run(database, database.strategies().get(0), workload);
            out.println();
            out.println("Profile of " + database.name() + ", " + database.strategies().get(0).name() + ":");
            out.println(profile.stopAndReport());
        }
    }

    private static List<SinkDatabase> databases(String name) {
        Map<String, SinkDatabase> known = SinkDatabase.fromEnvironment(System.getenv());
        if (name.equals("all")) {
            return List.of(known.get("postgres"), known.get("mariadb"));
        }
        if (!known.containsKey(name)) {
            throw new IllegalArgumentException("Unknown database '" + name + "'; use postgres, mariadb or all");
        }
        return List.of(known.get(name));
    }
}
