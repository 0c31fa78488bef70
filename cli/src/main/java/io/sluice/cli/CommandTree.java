package io.sluice.cli;

import io.sluice.cli.Invocation.Subcommand;
import io.sluice.experiments.FlushBoundaryOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/**
 * The command line of {@code sluice} as one picocli command tree: {@code run}, {@code explain},
 * {@code experiment flush-boundary} and {@code help}, each with its own {@code --help}; the session
 * options ({@code -i}, {@code -D}, {@code --verbose}, {@code --log-level}) may come before or after the
 * subcommand. As in Flink's SQL client, {@code -f FILE.sql} runs a script and no subcommand opens the shell.
 */
final class CommandTree {

    private CommandTree() {
    }

    /** The options every subcommand takes, before or after its name. */
    static final class SessionOptions {
        @Option(names = {"-i", "--init"}, paramLabel = "INIT.sql", scope = ScopeType.INHERIT,
                description = "(run, explain) Run this script first, in the same session: tables, views and SET "
                        + "shared by several scripts. May be given more than once.")
        List<String> initFiles = new ArrayList<>();

        @Option(names = "-D", paramLabel = "key=value", scope = ScopeType.INHERIT,
                description = "Set a configuration option, as SET 'key' = 'value' would (e.g. -D parallelism.default=2).")
        Map<String, String> configuration = new LinkedHashMap<>();

        @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces with errors.")
        boolean verbose;

        @Option(names = "--log-level", paramLabel = "LEVEL", scope = ScopeType.INHERIT,
                description = "The level of Sluice's own log messages for this run: TRACE, DEBUG, INFO (the default), "
                        + "WARN, ERROR or OFF. SLUICE_LOG_CONFIG names a logback.xml to use.")
        String logLevel;
    }

    @Command(name = "sluice", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Streaming SQL whose results land in MySQL/MariaDB and PostgreSQL tables.",
                    "Without a command (and without -f): an interactive shell;",
                    "type statements ending with ';'."},
            subcommands = {Run.class, Explain.class, Experiment.class, CommandLine.HelpCommand.class},
            footerHeading = "%n", footer = {
                    "Scripts: statements end with ';'; '--' starts a comment; string literals",
                    "may span lines; $${VAR} and $${VAR:-default} are replaced from the",
                    "environment. Results go to stdout; logs, progress and errors to stderr."},
            exitCodeListHeading = "%nExit codes:%n",
            exitCodeList = {"0:done", "1:a statement failed", "2:a usage error (an unknown argument, a missing file)"})
    static final class Root {
        @CommandLine.Mixin
        SessionOptions session = new SessionOptions();

        @Option(names = {"-f", "--file"}, paramLabel = "FILE.sql", description = "Run this script, as 'run FILE.sql'.")
        String file;
    }

    @Command(name = "run", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Run a SQL script.", "SELECT prints its changelog (+I[..], -U[..], +U[..], -D[..]);",
                    "INSERT runs a job until its input ends (or Ctrl-C)."})
    static final class Run {
        @Parameters(paramLabel = "FILE.sql", description = "The script.")
        String file;

        @Option(names = "--restore", paramLabel = "DIR", description = "Resume from the latest completed checkpoint in DIR.")
        String restore;
    }

    @Command(name = "explain", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Print the plan (EXPLAIN CHANGELOG_MODE) of every INSERT and SELECT of a script.")
    static final class Explain {
        @Parameters(paramLabel = "FILE.sql", description = "The script.")
        String file;
    }

    @Command(name = "experiment", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Run an experiment.", subcommands = FlushBoundary.class)
    static final class Experiment {
    }

    @Command(name = FlushBoundaryOptions.NAME, mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Replay deletes and re-inserts of key 1001 through the JDBC sink,",
                    "polling the key every millisecond; write the observations (CSV),",
                    "a summary and a timeline (SVG) to target/experiments/."})
    static final class FlushBoundary {
        @Option(names = "--db", required = true, paramLabel = "postgres|mariadb", description = "The database.")
        String database;

        @Option(names = "--scenario", required = true, paramLabel = "pair-in-one-flush|flush-per-row",
                description = "What the changelog does.")
        String scenario;

        @Option(names = "--transactional", paramLabel = "on|off", defaultValue = "on",
                description = "sink.flush.transactional (default: on).")
        String transactional;

        @Option(names = "--url", paramLabel = "JDBC_URL",
                description = "The database; by default $SLUICE_PG_URL / $SLUICE_MYSQL_URL, else embedded:postgres / "
                        + "embedded:mariadb.")
        String url;

        @Option(names = "--changes", paramLabel = "N", description = "Rows in the generated changelog.")
        String changes;
    }

    /** The version and the commit, for {@code --version} on every command. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {BuildVersion.current().toString()};
        }
    }

    /** The usage text of the whole tree, as {@code sluice --help} prints it. */
    static String usage() {
        return tree().getUsageMessage();
    }

    /**
     * @throws IllegalArgumentException naming the argument at fault
     */
    static Invocation parse(String[] arguments) {
        CommandLine tree = tree();
        ParseResult result;
        try {
            result = tree.parseArgs(arguments);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Root root = tree.getCommand();
        SessionOptions session = root.session;
        String logLevel = session.logLevel == null ? null : LogLevel.parse(session.logLevel);
        ParseResult last = deepest(result);
        if (last.isUsageHelpRequested() || last.commandSpec().userObject() instanceof CommandLine.HelpCommand) {
            CommandLine asked = last.commandSpec().userObject() instanceof CommandLine.HelpCommand
                    ? helpTarget(tree, last) : last.commandSpec().commandLine();
            return invocation(Subcommand.HELP, null, session, logLevel, null, null, asked.getUsageMessage());
        }
        if (last.isVersionHelpRequested()) {
            return invocation(Subcommand.VERSION, null, session, logLevel, null, null, null);
        }
        Object command = last.commandSpec().userObject();
        if (command instanceof Run run) {
            return invocation(Subcommand.RUN, run.file, session, logLevel, run.restore, null, null);
        }
        if (command instanceof Explain explain) {
            return invocation(Subcommand.EXPLAIN, explain.file, session, logLevel, null, null, null);
        }
        if (command instanceof FlushBoundary experiment) {
            if (!session.initFiles.isEmpty()) {
                throw new IllegalArgumentException("-i works with 'run', 'explain' and -f only");
            }
            return invocation(Subcommand.EXPERIMENT, null, session, logLevel, null, FlushBoundaryOptions.of(
                    experiment.database, experiment.scenario, experiment.transactional, experiment.url,
                    experiment.changes), null);
        }
        if (command instanceof Experiment) {
            throw new IllegalArgumentException("experiment needs the experiment's name: " + FlushBoundaryOptions.NAME);
        }
        if (root.file != null) {
            return invocation(Subcommand.RUN, root.file, session, logLevel, null, null, null);
        }
        if (!session.initFiles.isEmpty()) {
            throw new IllegalArgumentException("-i works with 'run', 'explain' and -f only");
        }
        return invocation(Subcommand.SHELL, null, session, logLevel, null, null, null);
    }

    private static Invocation invocation(Subcommand subcommand, String file, SessionOptions session, String logLevel,
                                         String restore, FlushBoundaryOptions experiment, String helpText) {
        return new Invocation(subcommand, file, List.copyOf(session.initFiles), restore,
                new LinkedHashMap<>(session.configuration), session.verbose, logLevel, experiment, helpText);
    }

    private static ParseResult deepest(ParseResult result) {
        ParseResult current = result;
        while (current.subcommand() != null) {
            current = current.subcommand();
        }
        return current;
    }

    /** {@code help run}: the command named after help, else the whole tree. */
    private static CommandLine helpTarget(CommandLine tree, ParseResult help) {
        List<String> names = help.matchedPositionals().isEmpty() ? List.of()
                : help.matchedPositionals().get(0).stringValues();
        return names.isEmpty() || !tree.getSubcommands().containsKey(names.get(0)) ? tree
                : tree.getSubcommands().get(names.get(0));
    }

    private static CommandLine tree() {
        return new CommandLine(new Root()).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
