package io.sluice.cli;

import io.sluice.planner.TableEnvironment;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * {@code sluice} without a command: reads statements with line editing and history, runs each when
 * its {@code ;} is typed, and prints results as they come. Ctrl-C ends a running job with what it read;
 * Ctrl-D or {@code quit;} leaves.
 */
final class InteractiveShell {
    private static final String PROMPT = "sluice> ";
    private static final String CONTINUATION = "     -> ";

    private final TableEnvironment environment;
    private final Map<String, String> variables;
    private final PrintStream out;
    private final PrintStream err;

    /** @param variables the values of {@code ${VAR}} in statements */
    InteractiveShell(TableEnvironment environment, Map<String, String> variables, PrintStream out, PrintStream err) {
        this.environment = environment;
        this.variables = variables;
        this.out = out;
        this.err = err;
    }

    /** Runs the shell on the process's terminal. */
    int run() {
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            return run(terminal);
        } catch (IOException e) {
            err.println("ERROR: cannot open the terminal: " + e.getMessage());
            return Main.EXIT_FAILED;
        }
    }

    /** Runs the shell on {@code terminal}, which Ctrl-C reaches as its INT signal. */
    int run(Terminal terminal) {
        LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".sluice_history"))
                .build();
        environment.setJobObserver(new ProgressLine(err, true));
        ScriptRunner runner = new ScriptRunner(environment, variables, out, new ErrorPrinter(err, "input", false));
        terminal.handle(Terminal.Signal.INT, signal -> interrupt(runner));
        err.println("Sluice shell. Statements end with ';'. Ctrl-C ends a running job with what it read, "
                + "Ctrl-D or 'quit;' exits.");
        readLoop(reader, runner);
        return Main.EXIT_OK;
    }

    /**
     * Ctrl-C while a job runs ends its input, as on {@code sluice run}: the job finishes with what it read
     * and every sink writes what it holds; the shell stays. Ctrl-C again cancels the job at once (its sinks
     * still write what they hold).
     */
    private void interrupt(ScriptRunner runner) {
        if (!runner.isRunning()) {
            return;
        }
        if (runner.isDrainingJob()) {
            err.println();
            err.println("Ctrl-C again: cancelling the job; its sinks write what they hold.");
            runner.cancelRunning(InterruptHandler.CANCEL_WAIT_MILLIS);
            return;
        }
        err.println();
        err.println("Ctrl-C: ending the input here; the job finishes with what it read (Ctrl-C again to cancel it).");
        InterruptHandler.drainOrCancel(err, runner, false);
    }

    private void readLoop(LineReader reader, ScriptRunner runner) {
        StringBuilder pending = new StringBuilder();
        while (true) {
            String line;
            try {
                line = reader.readLine(pending.length() == 0 ? PROMPT : CONTINUATION);
            } catch (UserInterruptException e) {
                pending.setLength(0);
                continue;
            } catch (EndOfFileException e) {
                return;
            }
            pending.append(line).append('\n');
            List<ScriptStatement> statements = completeStatements(pending.toString());
            if (statements == null) {
                continue;
            }
            pending.setLength(0);
            for (ScriptStatement statement : statements) {
                if (statement.text().equalsIgnoreCase("quit") || statement.text().equalsIgnoreCase("exit")) {
                    return;
                }
                runner.execute(statement);
            }
        }
    }

    /** The statements of {@code text} when it ends with a complete statement, else null (keep reading). */
    private static List<ScriptStatement> completeStatements(String text) {
        if (!text.stripTrailing().endsWith(";")) {
            return null;
        }
        try {
            List<ScriptStatement> statements = ScriptSplitter.split(text);
            return ScriptSplitter.split(text + "\nx").size() > statements.size() ? statements : null;
        } catch (ScriptSyntaxException e) {
            return null;
        }
    }
}
