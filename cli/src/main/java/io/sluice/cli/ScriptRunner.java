package io.sluice.cli;

import io.sluice.planner.SqlStatementException;
import io.sluice.planner.TableEnvironment;
import io.sluice.planner.TableResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Runs the statements of a script one after another through a {@link TableEnvironment}: results to
 * {@code out}, errors to {@code err} as {@code ERROR: ...} with the script's line and column. Stops at
 * the first failing statement.
 */
final class ScriptRunner {
    private final TableEnvironment environment;
    private final VariableSubstitution variables;
    private final PrintStream out;
    private final ErrorPrinter errors;
    /** Guards the statement running now and what Ctrl-C asked of it, which come from different threads. */
    private final Object statementLock = new Object();
    private boolean executing;
    private TableResult running;
    private TableResult drainedJob;
    private boolean drainOnStart;
    private boolean cancelOnStart;
    private volatile boolean drained;
    private int skippedByCtrlC;

    ScriptRunner(TableEnvironment environment, Map<String, String> variables, PrintStream out, ErrorPrinter errors) {
        this.environment = environment;
        this.variables = new VariableSubstitution(variables);
        this.out = out;
        this.errors = errors;
    }

    /** Runs {@code script}; returns true when every statement succeeded. */
    boolean run(String script) {
        return forEachStatement(script, this::execute);
    }

    /**
     * Prints the plan of every INSERT, statement set and SELECT of {@code script}, executing the other
     * statements (DDL, SET) so that the plans see the tables. Returns true when every statement succeeded.
     */
    boolean explain(String script) {
        return forEachStatement(script, statement -> isQuery(statement) ? explainOne(statement) : execute(statement));
    }

    /** Splits {@code script} and hands each statement to {@code action} until one fails. */
    private boolean forEachStatement(String script, java.util.function.Predicate<ScriptStatement> action) {
        List<ScriptStatement> statements;
        try {
            statements = ScriptSplitter.split(script);
        } catch (ScriptSyntaxException e) {
            errors.print(e.getMessage(), new ScriptStatement.ScriptPosition(e.line(), e.column()), null);
            return false;
        }
        for (ScriptStatement statement : statements) {
            if (drained) {
                skippedByCtrlC++;
                continue;
            }
            if (!action.test(statement)) {
                return false;
            }
        }
        return true;
    }

    private boolean explainOne(ScriptStatement statement) {
        out.println("== " + firstWords(statement.text()) + " (line " + statement.line() + ") ==");
        String prefix = "EXPLAIN CHANGELOG_MODE ";
        // The prefix shifts columns on the statement's first line only; positions stay right after the shift.
        return execute(new ScriptStatement(prefix + statement.text(), statement.line(),
                statement.column() - prefix.length()));
    }

    private static boolean isQuery(ScriptStatement statement) {
        String head = statement.text().stripLeading().toUpperCase(java.util.Locale.ROOT);
        return head.startsWith("INSERT") || head.startsWith("SELECT") || head.startsWith("EXECUTE")
                || head.startsWith("WITH");
    }

    private static String firstWords(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 60 ? oneLine : oneLine.substring(0, 57) + "...";
    }

    /** Executes one statement; returns false after printing its error. */
    boolean execute(ScriptStatement raw) {
        ScriptStatement statement;
        try {
            statement = variables.apply(raw);
        } catch (ScriptSyntaxException e) {
            errors.print(e.getMessage(), new ScriptStatement.ScriptPosition(e.line(), e.column()), null);
            return false;
        }
        try {
            begin();
            TableResult result = environment.executeSql(statement.text());
            started(result);
            result.print(out);
            out.flush();
            return true;
        } catch (SqlStatementException e) {
            errors.print(e.getMessage(), statement.toScriptPosition(e.line(), e.column()), e);
            return false;
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            // Whatever escapes planning or a job is reported at the statement, never as a bare stack trace.
            errors.print(ErrorPrinter.describe(e), statement.toScriptPosition(0, 0), e);
            return false;
        } finally {
            ended();
        }
    }

    private void begin() {
        synchronized (statementLock) {
            executing = true;
        }
    }

    /**
     * The statement's job started: a Ctrl-C that came while it was planned or starting (its sinks
     * connecting) applies to it now.
     */
    private void started(TableResult result) {
        synchronized (statementLock) {
            running = result;
            if (cancelOnStart) {
                result.cancel();
            } else if (drainOnStart) {
                drainedJob = result;
                result.drain();
            }
        }
    }

    private void ended() {
        synchronized (statementLock) {
            executing = false;
            running = null;
            drainOnStart = false;
            cancelOnStart = false;
            statementLock.notifyAll();
        }
    }

    /** True while a statement runs: planned, starting its job, or waiting for it. */
    boolean isRunning() {
        synchronized (statementLock) {
            return executing;
        }
    }

    /** True once {@link #drainRunning} ended the script: no later statement runs. */
    boolean isDrained() {
        return drained;
    }

    /** The statements not run because Ctrl-C ended the script before them. */
    int skippedByCtrlC() {
        return skippedByCtrlC;
    }

    /**
     * Ends the input of the job running now (Ctrl-C) so that it finishes with what it read, and runs no
     * statement after it.
     */
    void drainRunning() {
        drained = true;
        drainRunningJob();
    }

    /**
     * Ends the input of the job running now so that it finishes with what it read, or of the job of the
     * statement running now as soon as it starts; later statements run.
     */
    void drainRunningJob() {
        synchronized (statementLock) {
            if (running != null) {
                drainedJob = running;
                running.drain();
            } else if (executing) {
                drainOnStart = true;
            }
        }
    }

    /** True when the statement running now was told to end its job's input. */
    boolean isDrainingJob() {
        synchronized (statementLock) {
            return executing && (drainOnStart || running != null && running == drainedJob);
        }
    }

    /**
     * Cancels the job of the statement running now (or as soon as it starts), if any, and waits up to
     * {@code waitMillis} for the statement to end, so that its sinks can write what they hold.
     */
    void cancelRunning(long waitMillis) {
        long deadline = System.currentTimeMillis() + waitMillis;
        synchronized (statementLock) {
            if (running != null) {
                running.cancel();
            } else {
                cancelOnStart = executing;
            }
            long left = waitMillis;
            while (executing && left > 0) {
                try {
                    statementLock.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                left = deadline - System.currentTimeMillis();
            }
        }
    }
}
