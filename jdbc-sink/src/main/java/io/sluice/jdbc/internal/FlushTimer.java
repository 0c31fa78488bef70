package io.sluice.jdbc.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs a writer's interval flush on a thread of its own, {@code sink.buffer-flush.interval} after the
 * last flush. {@link #disabled()} (interval 0) does nothing, so the writer needs no branches.
 */
public interface FlushTimer extends AutoCloseable {

    /** Creates the timer of one writer; tests substitute one they fire by hand. */
    @FunctionalInterface
    interface Factory {
        FlushTimer start(Runnable intervalFlush);
    }

    /** Starts counting the interval anew, after a flush that had another reason. */
    void restart();

    /** Stops the timer; a flush already running completes. */
    @Override
    void close();

    static FlushTimer disabled() {
        return new FlushTimer() {
            @Override
            public void restart() {
            }

            @Override
            public void close() {
            }
        };
    }

    /** A factory of single-thread scheduled timers, or of disabled ones when {@code interval} is zero. */
    static Factory every(Duration interval, String threadName) {
        if (interval.isZero()) {
            return task -> disabled();
        }
        return task -> new Scheduled(interval, task, threadName);
    }

    /** The real timer: one daemon thread per writer. */
    final class Scheduled implements FlushTimer {
        private final long intervalMillis;
        private final Runnable task;
        private final ScheduledExecutorService scheduler;
        private ScheduledFuture<?> pending;

        Scheduled(Duration interval, Runnable task, String threadName) {
            this.intervalMillis = interval.toMillis();
            this.task = task;
            this.scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, threadName);
                thread.setDaemon(true);
                return thread;
            });
            restart();
        }

        @Override
        public synchronized void restart() {
            if (pending != null) {
                pending.cancel(false);
            }
            if (!scheduler.isShutdown()) {
                pending = scheduler.scheduleWithFixedDelay(task, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
            }
        }

        @Override
        public synchronized void close() {
            scheduler.shutdown();
        }
    }
}
