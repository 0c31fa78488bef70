package io.sluice.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bench/run sink|runtime|nexmark|kafka|pipeline ...}: runs one benchmark and prints its report
 * (Markdown) on stdout. Settings are written {@code name=value} ({@code changes=1000000}), options
 * {@code --name}. See docs/benchmarks.md.
 */
@Command(name = "bench/run",
        description = "Runs one benchmark; its report (Markdown) goes to stdout, logs to stderr.",
        subcommands = {SinkCommand.class, RuntimeCommand.class, NexmarkCommand.class, KafkaCommand.class,
                PipelineCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:the benchmark failed (a wrong final table, a database error)",
                "2:a usage error"})
public final class BenchMain {
    @CommandLine.Mixin
    Help help;

    /** {@code -h}/{@code --help} on every command. */
    static final class Help {
        @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean requested;
    }

    public static void main(String[] args) {
        CommandLine tree = new CommandLine(new BenchMain()).setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof IllegalArgumentException) {
                System.err.println("bench: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        if (args.length == 0) {
            tree.usage(System.err);
            System.exit(2);
        }
        System.exit(tree.execute(args));
    }

    /** {@code changes=N keys=N}: an upsert changelog's size and key space, as the sink, Kafka and pipeline benchmarks take them. */
    static final class Changelog {
        @CommandLine.Option(names = "changes", paramLabel = "N", converter = Count.class,
                description = "Changes in the changelog (1000000).")
        int changes = 1_000_000;

        @CommandLine.Option(names = "keys", paramLabel = "N", converter = Count.class,
                description = "Keys the changes are about (100000).")
        int keys = 100_000;
    }

    /** {@code --db}: which of this machine's databases to write into. */
    static final class Databases {
        @CommandLine.Option(names = "--db", paramLabel = "postgres|mariadb|all", description = "Where to write (all).")
        String db = "all";

        /** The databases' names, in the order the reports list them. */
        java.util.List<String> names() {
            return db.equals("all") ? java.util.List.of("postgres", "mariadb") : java.util.List.of(db);
        }
    }

    /** A count such as {@code 1000000}, also written {@code 1_000_000} or {@code 1,000,000}. */
    static final class Count implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return Integer.valueOf(value.replace("_", "").replace(",", ""));
        }
    }
}
