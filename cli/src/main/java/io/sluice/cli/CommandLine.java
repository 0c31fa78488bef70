package io.sluice.cli;

import io.sluice.experiments.FlushBoundaryOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The parsed arguments of {@code sluice}; {@code experiment} is set for the EXPERIMENT command only. */
record CommandLine(Subcommand subcommand, String file, List<String> initFiles, String restorePath,
                   Map<String, String> configuration, boolean verbose, String logLevel,
                   FlushBoundaryOptions experiment) {

    enum Subcommand { RUN, EXPLAIN, SHELL, HELP, VERSION, EXPERIMENT }

    static final String USAGE = """
            Usage: sluice [COMMAND] [OPTIONS]

            Streaming SQL whose results land in MySQL/MariaDB and PostgreSQL tables.

            Commands:
              run FILE.sql        Run a SQL script: SELECT prints its changelog (+I[..], -U[..], +U[..], -D[..]),
                                  INSERT runs a job until its input ends (or Ctrl-C).
              explain FILE.sql    Print the plan (EXPLAIN CHANGELOG_MODE) of every INSERT and SELECT of a script.
              experiment flush-boundary --db postgres|mariadb --scenario pair-in-one-flush|flush-per-row
                        [--transactional on|off] [--url JDBC_URL] [--changes N]
                                  Replay deletes and re-inserts of key 1001 through the JDBC sink while polling
                                  the key every millisecond; write the observations (CSV), a
                                  summary and a timeline (SVG) to target/experiments/. The URL defaults to
                                  $SLUICE_PG_URL / $SLUICE_MYSQL_URL, else embedded:postgres / embedded:mariadb.
              (no command)        Interactive shell: type statements ending with ';'.
              help, --help, -h    This text.
              --version, -V       The version and the git commit it was built from.

            Options:
              -i INIT.sql         (run, explain) Run this script first, in the same session: tables, views and
                                  SET shared by several scripts. May be given more than once.
              --restore DIR       (run) Resume from the latest completed checkpoint in DIR.
              -D key=value        Set a configuration option, as SET 'key' = 'value' would
                                  (e.g. -D parallelism.default=2).
              --verbose           Print stack traces with errors.
              --log-level LEVEL   The level of Sluice's own log messages for this run: TRACE, DEBUG, INFO (the
                                  default), WARN, ERROR or OFF. SLUICE_LOG_CONFIG names a logback.xml to use.

            Scripts: statements end with ';'; '--' starts a comment; string literals may span lines;
            ${VAR} and ${VAR:-default} are replaced from the environment.
            Results go to stdout; logs, progress and errors go to stderr. Exit code 0 on success,
            1 when a statement fails, 2 for usage errors.
            """;

    /**
     * @throws IllegalArgumentException naming the argument at fault
     */
    static CommandLine parse(String[] arguments) {
        Iterator<String> args = Arrays.asList(arguments).iterator();
        Subcommand subcommand = Subcommand.SHELL;
        String file = null;
        String restore = null;
        List<String> initFiles = new ArrayList<>();
        boolean verbose = false;
        String logLevel = null;
        FlushBoundaryOptions experiment = null;
        Map<String, String> configuration = new LinkedHashMap<>();
        boolean commandSeen = false;
        while (args.hasNext()) {
            String arg = args.next();
            if (!commandSeen && (arg.equals("run") || arg.equals("explain"))) {
                subcommand = arg.equals("run") ? Subcommand.RUN : Subcommand.EXPLAIN;
                commandSeen = true;
            } else if (!commandSeen && arg.equals("experiment")) {
                subcommand = Subcommand.EXPERIMENT;
                experiment = FlushBoundaryOptions.parse(remaining(args));
            } else if (arg.equals("help") || arg.equals("--help") || arg.equals("-h")) {
                subcommand = Subcommand.HELP;
            } else if (arg.equals("--version") || arg.equals("-V")) {
                subcommand = Subcommand.VERSION;
            } else if (arg.equals("-i") || arg.equals("--init")) {
                initFiles.add(required(args, arg + " needs an INIT.sql file"));
            } else if (arg.equals("--restore")) {
                restore = required(args, "--restore needs a checkpoint directory");
            } else if (arg.equals("-D") || (arg.startsWith("-D") && arg.length() > 2)) {
                addSetting(configuration, arg.length() > 2 ? arg.substring(2) : required(args, "-D needs key=value"));
            } else if (arg.equals("--verbose")) {
                verbose = true;
            } else if (arg.equals("--log-level")) {
                logLevel = LogLevel.parse(required(args, "--log-level needs one of " + String.join(", ", LogLevel.LEVELS)));
            } else if (file == null && !arg.startsWith("-")
                    && (subcommand == Subcommand.RUN || subcommand == Subcommand.EXPLAIN)) {
                file = arg;
            } else {
                throw new IllegalArgumentException("unknown argument '" + arg + "'");
            }
        }
        if ((subcommand == Subcommand.RUN || subcommand == Subcommand.EXPLAIN) && file == null) {
            throw new IllegalArgumentException(subcommand.name().toLowerCase(java.util.Locale.ROOT)
                    + " needs a FILE.sql");
        }
        if (restore != null && subcommand != Subcommand.RUN) {
            throw new IllegalArgumentException("--restore works with 'run' only");
        }
        if (!initFiles.isEmpty() && subcommand != Subcommand.RUN && subcommand != Subcommand.EXPLAIN) {
            throw new IllegalArgumentException("-i works with 'run' and 'explain' only");
        }
        return new CommandLine(subcommand, file, List.copyOf(initFiles), restore, configuration, verbose, logLevel,
                experiment);
    }

    /** The experiment parses its own arguments: all that follow {@code experiment}. */
    private static List<String> remaining(Iterator<String> args) {
        List<String> rest = new ArrayList<>();
        args.forEachRemaining(rest::add);
        return rest;
    }

    private static String required(Iterator<String> args, String message) {
        if (!args.hasNext()) {
            throw new IllegalArgumentException(message);
        }
        return args.next();
    }

    private static void addSetting(Map<String, String> configuration, String setting) {
        int equals = setting.indexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException("-D needs key=value, got '" + setting + "'");
        }
        configuration.put(setting.substring(0, equals).trim(), setting.substring(equals + 1).trim());
    }
}
