package io.sluice.cli;

import io.sluice.api.options.Secrets;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Prints an error as {@code ERROR: <file>, line L, column C: message} on stderr. The stack trace is
 * printed only with {@code --verbose}: users get the causes' messages, not Java internals.
 */
final class ErrorPrinter {
    private final PrintStream err;
    private final String source;
    private final boolean verbose;

    ErrorPrinter(PrintStream err, String source, boolean verbose) {
        this.err = err;
        this.source = source;
        this.verbose = verbose;
    }

    /** Prints the error with every registered secret masked, whatever stream {@code err} is. */
    void print(String message, ScriptStatement.ScriptPosition position, Throwable cause) {
        err.println(Secrets.mask("ERROR: " + source + ", " + position + ": " + message));
        if (cause != null && verbose) {
            StringWriter trace = new StringWriter();
            cause.printStackTrace(new PrintWriter(trace));
            err.print(Secrets.mask(trace.toString()));
        }
        err.flush();
    }

    /** The message of {@code error} followed by the distinct messages of its causes. */
    static String describe(Throwable error) {
        StringBuilder text = new StringBuilder(messageOf(error));
        for (Throwable cause = error.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            String message = messageOf(cause);
            if (text.indexOf(message) < 0) {
                text.append("\n  caused by: ").append(message);
            }
        }
        return text.toString();
    }

    private static String messageOf(Throwable error) {
        return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    }
}
