package io.sluice.cli;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import sun.misc.Signal;

/**
 * Ctrl-C on {@code sluice run}: the first ends the running job's input where it is, so the job finishes
 * as if its sources had ended (windows fire, sinks flush, a last checkpoint when checkpointing is on) and
 * the command exits 0. A job that has not finished {@value #DRAIN_SECONDS} s later (stuck on a database
 * that does not answer) is cancelled, its sinks writing what they hold. A second Ctrl-C exits at once,
 * the running job cancelled the same way.
 */
final class InterruptHandler {
    private static final int EXIT_INTERRUPTED = 130;
    private static final long DRAIN_SECONDS = 10;
    static final long CANCEL_WAIT_MILLIS = 30_000;

    private InterruptHandler() {
    }

    static void install(PrintStream err, Supplier<ScriptRunner> runner) {
        try {
            Signal.handle(new Signal("INT"), new Handler(err, runner));
        } catch (IllegalArgumentException e) {
            // No SIGINT here (the JVM reserves it, as with -Xrs): Ctrl-C keeps its default, cancelling on exit.
        }
    }

    /**
     * Ends the input of {@code runner}'s running job (with {@code endScript}, no later statement of the
     * script runs either) and cancels the job if it has not finished {@value #DRAIN_SECONDS} s later.
     */
    static void drainOrCancel(PrintStream err, ScriptRunner runner, boolean endScript) {
        if (endScript) {
            runner.drainRunning();
        } else {
            runner.drainRunningJob();
        }
        Thread watchdog = new Thread(() -> cancelIfStillRunning(err, runner), "sluice-drain-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static void cancelIfStillRunning(PrintStream err, ScriptRunner runner) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        try {
            while (runner.isRunning() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (runner.isRunning()) {
            err.println("The job did not finish within " + DRAIN_SECONDS + " s of Ctrl-C. Cancelling the running "
                    + "job: its sinks write what they hold (at most " + CANCEL_WAIT_MILLIS / 1000 + " s).");
            runner.cancelRunning(CANCEL_WAIT_MILLIS);
        }
    }

    private static final class Handler implements sun.misc.SignalHandler {
        private final PrintStream err;
        private final Supplier<ScriptRunner> runner;
        private boolean interrupted;

        Handler(PrintStream err, Supplier<ScriptRunner> runner) {
            this.err = err;
            this.runner = runner;
        }

        @Override
        public synchronized void handle(Signal signal) {
            ScriptRunner current = runner.get();
            if (interrupted || current == null || !current.isRunning()) {
                System.exit(EXIT_INTERRUPTED);
            }
            interrupted = true;
            err.println();
            err.println("Ctrl-C: ending the input here; the job finishes with what it read (Ctrl-C again to "
                    + "stop at once).");
            drainOrCancel(err, current, true);
        }
    }
}
