package io.sluice.cli;

import io.sluice.experiments.FlushBoundaryExperiment;
import io.sluice.planner.TableEnvironment;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jline.terminal.Terminal;

/** {@code sluice}: runs SQL scripts, explains them, opens an interactive shell, or runs an experiment. */
public final class Main {
    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = 2;
    private Main() {
    }

    /** The script running in this process, for Ctrl-C. */
    private static volatile ScriptRunner currentRunner;

    public static void main(String[] args) {
        // Logs, drivers and the print connector write to System.out/err directly: mask there too.
        System.setOut(MaskingPrintStream.wrapStandard(System.out, "sun.stdout.encoding"));
        System.setErr(MaskingPrintStream.wrapStandard(System.err, "sun.stderr.encoding"));
        Runtime.getRuntime().addShutdownHook(new Thread(Main::cancelOnExit, "sluice-cancel-on-exit"));
        InterruptHandler.install(System.err, () -> currentRunner);
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    /** The process is ending (SIGTERM, a second Ctrl-C): cancel the running job, its sinks write what they hold. */
    private static void cancelOnExit() {
        ScriptRunner runner = currentRunner;
        if (runner != null && runner.isRunning()) {
            System.err.println("Cancelling the running job: its sinks write what they hold (at most "
                    + InterruptHandler.CANCEL_WAIT_MILLIS / 1000 + " s).");
            runner.cancelRunning(InterruptHandler.CANCEL_WAIT_MILLIS);
        }
    }

    /**
     * Runs {@code sluice} with {@code arguments} in this process, as the command line would: the entry
     * point of the integration tests. {@code environment} supplies the script's {@code ${VAR}} values.
     *
     * @return the exit code
     */
    public static int run(String[] arguments, Map<String, String> environment, PrintStream out, PrintStream err) {
        Invocation command;
        Map<String, String> defaults;
        try {
            command = CommandTree.parse(arguments);
            defaults = DefaultOptions.load(System.getProperty(DefaultOptions.CONF_DIR_PROPERTY));
        } catch (IllegalArgumentException e) {
            err.println("ERROR: " + e.getMessage());
            err.println("Run 'sluice --help' for usage.");
            return EXIT_USAGE;
        }
        MaskingLogEncoder.installOnEveryAppender();
        if (command.logLevel() != null) {
            LogLevel.apply(command.logLevel(), err);
        }
        return switch (command.subcommand()) {
            case HELP -> {
                out.print(command.helpText());
                yield EXIT_OK;
            }
            case VERSION -> {
                out.println(BuildVersion.current());
                yield EXIT_OK;
            }
            case RUN -> runScript(command, defaults, environment, out, err, false);
            case EXPLAIN -> runScript(command, defaults, environment, out, err, true);
            case SHELL -> new InteractiveShell(newEnvironment(command, defaults), environment, out, err).run();
            case EXPERIMENT -> FlushBoundaryExperiment.run(command.experiment(), environment, out, err);
        };
    }

    /**
     * Runs the interactive shell ({@code sluice [options]} without a command) on {@code terminal} in this
     * process: the entry point of the shell's tests, which press Ctrl-C by raising the terminal's INT signal.
     *
     * @return the exit code
     */
    public static int runShell(Terminal terminal, Map<String, String> environment, PrintStream out, PrintStream err,
                               String... arguments) {
        Invocation command = CommandTree.parse(arguments);
        Map<String, String> defaults = DefaultOptions.load(System.getProperty(DefaultOptions.CONF_DIR_PROPERTY));
        return new InteractiveShell(newEnvironment(command, defaults), environment, out, err).run(terminal);
    }

    private static int runScript(Invocation command, Map<String, String> defaults, Map<String, String> environment,
                                 PrintStream out, PrintStream err, boolean explainOnly) {
        List<Path> files = new ArrayList<>();
        command.initFiles().forEach(name -> files.add(Path.of(name)));
        files.add(Path.of(command.file()));
        List<String> scripts = new ArrayList<>();
        for (Path file : files) {
            try {
                scripts.add(Files.readString(file, StandardCharsets.UTF_8));
            } catch (NoSuchFileException e) {
                err.println("ERROR: no such file: " + file);
                return EXIT_USAGE;
            } catch (IOException e) {
                err.println("ERROR: cannot read " + file + ": " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        TableEnvironment tableEnvironment = newEnvironment(command, defaults);
        tableEnvironment.setJobObserver(new ProgressLine(err, System.console() != null));
        try {
            for (int i = 0; i < files.size(); i++) {
                ErrorPrinter errors = new ErrorPrinter(err, files.get(i).toString(), command.verbose());
                ScriptRunner runner = new ScriptRunner(tableEnvironment, environment, out, errors);
                currentRunner = runner;
                // Init scripts are executed, never explained: they make the tables the main script uses.
                boolean main = i == files.size() - 1;
                boolean ok = explainOnly && main ? runner.explain(scripts.get(i)) : runner.run(scripts.get(i));
                if (!ok) {
                    return EXIT_FAILED;
                }
                if (runner.isDrained()) {
                    if (runner.skippedByCtrlC() > 0) {
                        err.println("Stopped by Ctrl-C: the " + runner.skippedByCtrlC() + " later statement(s) "
                                + "were not run.");
                    }
                    return EXIT_OK;
                }
            }
            return EXIT_OK;
        } finally {
            currentRunner = null;
        }
    }

    /** The installation's defaults, overridden by the command line's {@code -D} and {@code --restore}. */
    private static TableEnvironment newEnvironment(Invocation command, Map<String, String> defaults) {
        Map<String, String> configuration = new HashMap<>(defaults);
        configuration.putAll(command.configuration());
        if (command.restorePath() != null) {
            configuration.put("execution.state-recovery.path", command.restorePath());
        }
        return TableEnvironment.create(configuration);
    }
}
