package io.sluice.cli;

import java.io.PrintStream;
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
    private static final long CANCEL_WAIT_MILLIS = 30_000;

    private InterruptHandler() {
    }

    static void install(PrintStream err, Supplier<ScriptRunner> runner) {
        try {
            Signal.handle(new Signal("INT"), new Handler(err, runner));
        } catch (IllegalArgumentException e) {
            // No SIGINT here (the JVM reserves it, as with -Xrs): Ctrl-C keeps its default, cancelling on exit.
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
            current.drainRunning();
            Thread watchdog = new Thread(() -> cancelIfStillRunning(current), "sluice-drain-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }

        private void cancelIfStillRunning(ScriptRunner current) {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
            try {
                while (current.isRunning() && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (current.isRunning()) {
                err.println("The job did not finish within " + DRAIN_SECONDS + " s of Ctrl-C. Cancelling the running "
                        + "job: its sinks write what they hold (at most " + CANCEL_WAIT_MILLIS / 1000 + " s).");
                current.cancelRunning(CANCEL_WAIT_MILLIS);
            }
        }
    }
}
