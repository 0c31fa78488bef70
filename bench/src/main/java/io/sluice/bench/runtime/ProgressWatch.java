package io.sluice.bench.runtime;

import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Keeps a job's latest progress and lets a thread wait until enough rows were read. */
final class ProgressWatch implements JobObserver {
    private final long rowsToWaitFor;
    private final CountDownLatch enoughRows = new CountDownLatch(1);
    private volatile JobProgress latest;
    private volatile JobProgress last;

    /** @param rowsToWaitFor rows read after which {@link #awaitRows} returns */
    ProgressWatch(long rowsToWaitFor) {
        this.rowsToWaitFor = rowsToWaitFor;
    }

    @Override
    public void onProgress(JobProgress progress) {
        latest = progress;
        if (progress.rowsIn() >= rowsToWaitFor) {
            enoughRows.countDown();
        }
    }

    @Override
    public void onFinished(JobProgress finalProgress) {
        latest = finalProgress;
        last = finalProgress;
        enoughRows.countDown();
    }

    /** Waits until the job read the rows asked for (or ended); false on timeout. */
    boolean awaitRows(long timeoutSeconds) throws InterruptedException {
        return enoughRows.await(timeoutSeconds, TimeUnit.SECONDS);
    }

    /** The latest progress, or null before the first. */
    JobProgress latest() {
        return latest;
    }

    /** The job's final progress, or null while it runs. */
    JobProgress last() {
        return last;
    }
}
