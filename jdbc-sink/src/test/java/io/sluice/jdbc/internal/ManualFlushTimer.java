package io.sluice.jdbc.internal;

/** A flush timer a test fires by hand, on a thread of its own as the real one does. */
final class ManualFlushTimer implements FlushTimer, FlushTimer.Factory {
    private Runnable task;
    int restarts;
    boolean closed;

    @Override
    public FlushTimer start(Runnable intervalFlush) {
        this.task = intervalFlush;
        return this;
    }

    @Override
    public void restart() {
        restarts++;
    }

    @Override
    public void close() {
        closed = true;
    }

    /** Runs the interval flush on a new thread and waits for it. */
    void fire() throws InterruptedException {
        Thread thread = new Thread(task, "manual-flush-timer");
        thread.start();
        thread.join();
    }
}
