package io.sluice.jdbc.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warns while a flush waits on the database longer than {@code sink.flush.slow-threshold}: a frozen
 * or overloaded server otherwise stalls the job with nothing on the terminal until a socket timeout
 * ends the wait. The warning names the table and the time waited so far, and comes again each time
 * the wait doubles. One daemon thread in the process watches every table's flushes.
 */
public final class SlowFlushWarning {
    private static final Logger LOG = LoggerFactory.getLogger(SlowFlushWarning.class);
    private static final ScheduledExecutorService WATCHER = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "sluice-jdbc-slow-flush");
        thread.setDaemon(true);
        return thread;
    });

    private final String table;
    private final long thresholdMillis;

    /** @param threshold 0 disables the warning */
    public SlowFlushWarning(String table, Duration threshold) {
        this.table = table;
        this.thresholdMillis = threshold.toMillis();
    }

    /** Starts watching a flush of {@code rows} rows; close the result when the flush ends, however it ends. */
    public Watch watch(int rows) {
        Watch watch = new Watch(rows, System.nanoTime());
        if (thresholdMillis > 0) {
            watch.scheduleAfter(thresholdMillis);
        }
        return watch;
    }

    /** One flush being watched. */
    public final class Watch implements AutoCloseable {
        private final int rows;
        private final long startNanos;
        private ScheduledFuture<?> next;
        private boolean warned;
        private boolean closed;

        private Watch(int rows, long startNanos) {
            this.rows = rows;
            this.startNanos = startNanos;
        }

        private synchronized void scheduleAfter(long millis) {
            if (!closed) {
                next = WATCHER.schedule(this::warn, millis, TimeUnit.MILLISECONDS);
            }
        }

        private void warn() {
            long waited = elapsedMillis();
            synchronized (this) {
                if (closed) {
                    return;
                }
                warned = true;
            }
            LOG.warn("{}: a flush of {} rows has been waiting {} on the database so far", table, rows,
                    seconds(waited));
            scheduleAfter(waited);
        }

        @Override
        public void close() {
            boolean report;
            synchronized (this) {
                closed = true;
                report = warned;
                if (next != null) {
                    next.cancel(false);
                }
            }
            if (report) {
                LOG.warn("{}: the slow flush of {} rows ended after {}", table, rows, seconds(elapsedMillis()));
            }
        }

        private long elapsedMillis() {
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        }
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
