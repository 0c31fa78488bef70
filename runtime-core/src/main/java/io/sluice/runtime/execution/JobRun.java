package io.sluice.runtime.execution;

import io.sluice.api.data.Row;
import io.sluice.runtime.JobFailedException;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.JobProgress;
import io.sluice.runtime.RunningJob;
import io.sluice.runtime.metrics.ProcessMetrics;
import io.sluice.runtime.plan.ExecPlan;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A submitted job: a daemon thread runs attempts one after the other (a failed attempt restarts
 * from the last completed checkpoint while restarts are left), triggers and writes checkpoints, and
 * reports progress about once a second.
 */
public final class JobRun implements RunningJob {
    private static final Logger LOG = LoggerFactory.getLogger(JobRun.class);
    private static final long SUPERVISE_MILLIS = 20;
    private static final long PROGRESS_INTERVAL_MILLIS = 1000;
    /** How long subtasks may take to stop before the job ends without them (their threads are daemons). */
    private static final long STOP_GRACE_MILLIS = 30_000;

    private final JobSetup setup;
    private final JobObserver observer;
    private final CheckpointStorage storage;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private volatile boolean draining;
    private volatile JobAttempt current;
    private CompletedCheckpoint latest;
    private long nextCheckpointId = 1;
    private long checkpointsCompleted;
    private long lastCheckpointMillis;
    private long lastCheckpointBytes;
    private long rowsInBefore;
    private long rowsOutBefore;

    private JobRun(JobSetup setup, JobObserver observer) {
        this.setup = setup;
        this.observer = observer;
        this.storage = new CheckpointStorage(setup.options().checkpointRoot().resolve(setup.jobId()));
        String restorePath = setup.options().get(ExecutionOptions.RESTORE_PATH);
        if (restorePath != null && !restorePath.isBlank()) {
            CheckpointStorage.Loaded loaded = CheckpointStorage.load(Path.of(restorePath.trim()));
            loaded.checkpoint().checkRestorableInto(setup.fingerprint(), setup.nodeParallelism(), loaded.path());
            latest = loaded.checkpoint();
            nextCheckpointId = latest.checkpointId() + 1;
            LOG.info("Job {} resumes from checkpoint {}", setup.jobId(), loaded.path());
        }
    }

    /**
     * Starts {@code plan}. Errors in the plan or its connectors (options, a checkpoint to restore that
     * does not fit) are thrown here; failures while running come from {@link #await()}.
     */
    public static JobRun start(ExecPlan plan, JobObserver observer, Consumer<Row> collectOutput,
                               OperatorFactory keyedOperators) {
        JobSetup setup = new JobSetup(plan, keyedOperators, collectOutput);
        Integer metricsPort = setup.options().get(ExecutionOptions.METRICS_PROMETHEUS_PORT);
        if (metricsPort != null) {
            ProcessMetrics.serve(metricsPort, ExecutionOptions.METRICS_PROMETHEUS_PORT.key());
        }
        JobRun run = new JobRun(setup, ProcessMetrics.observe(setup.jobId(), observer));
        JobAttempt first = new JobAttempt(run.setup, run.latest);
        Thread master = new Thread(() -> run.runAttempts(first), "Job " + run.setup.jobId());
        master.setDaemon(true);
        master.start();
        return run;
    }

    /** The job's id, stable across runs of the same plan; names its checkpoint directory. */
    public String jobId() {
        return setup.jobId();
    }

    /** Where this job writes its checkpoints ({@code <dir>/<job id>}). */
    public Path checkpointDirectory() {
        return storage.directory();
    }

    @Override
    public void await() {
        try {
            done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            throw new JobFailedException("Interrupted while waiting for job '" + setup.jobId()
                    + "'; the job was cancelled", e);
        } catch (ExecutionException e) {
            throw failed(e.getCause());
        }
    }

    private JobFailedException failed(Throwable failure) {
        if (failure instanceof OperatorFailure operator) {
            return new JobFailedException(withResumeHint("Job '" + setup.jobId() + "' failed: "
                    + operator.getMessage()), operator.getCause());
        }
        return new JobFailedException(withResumeHint("Job '" + setup.jobId() + "' failed: " + failure), failure);
    }

    /** Says where a failed job with checkpoints can resume from, so that its work is not redone from the start. */
    private String withResumeHint(String message) {
        if (latest == null) {
            return message;
        }
        return message + (message.endsWith(".") ? " " : ". ") + "Its last checkpoint (" + latest.checkpointId()
                + ") is in " + checkpointDirectory() + "; restore from it (--restore, or execution.state-recovery.path)"
                + " to resume there.";
    }

    @Override
    public void cancel() {
        cancelled.countDown();
        JobAttempt attempt = current;
        if (attempt != null) {
            attempt.stop();
        }
    }

    @Override
    public void drain() {
        draining = true;
        JobAttempt attempt = current;
        if (attempt != null) {
            attempt.drain();
        }
    }

    private boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    private void runAttempts(JobAttempt first) {
        Throwable failure;
        try {
            failure = runAll(first);
        } catch (Throwable t) {
            failure = t;
        }
        try {
            observer.onFinished(progress(current));
        } catch (RuntimeException e) {
            LOG.warn("Job observer failed on the job's end", e);
        }
        if (failure == null) {
            done.complete(null);
        } else {
            done.completeExceptionally(failure);
        }
    }

    private Throwable runAll(JobAttempt first) throws InterruptedException {
        JobAttempt attempt = first;
        for (int restarts = 0; ; restarts++) {
            current = attempt;
            if (isCancelled()) {
                return null;
            }
            if (draining) {
                attempt.drain();
            }
            attempt.start();
            supervise(attempt);
            if (draining && attempt.failure() == null) {
                writeDrainedCheckpoint(attempt);
            }
            Throwable failure = attempt.failure();
            if (failure == null || isCancelled()) {
                return null;
            }
            if (restarts >= setup.options().restartAttempts()) {
                return failure;
            }
            long delay = setup.options().get(ExecutionOptions.RESTART_DELAY).toMillis();
            LOG.warn("Job {} failed; restart {} of {} in {} ms from {}", setup.jobId(), restarts + 1,
                    setup.options().restartAttempts(), delay,
                    latest == null ? "the beginning" : "checkpoint " + latest.checkpointId(), failure);
            if (cancelled.await(delay, TimeUnit.MILLISECONDS)) {
                return null;
            }
            rowsInBefore += attempt.counters().rowsIn();
            rowsOutBefore += attempt.counters().rowsOut();
            attempt = new JobAttempt(setup, latest);
        }
    }

    private void supervise(JobAttempt attempt) throws InterruptedException {
        long interval = setup.options().checkpointIntervalMillis();
        long now = System.currentTimeMillis();
        long nextCheckpointAt = now + interval;
        long nextProgressAt = now + PROGRESS_INTERVAL_MILLIS;
        long stoppingSince = 0;
        while (!attempt.awaitExit(SUPERVISE_MILLIS)) {
            now = System.currentTimeMillis();
            if (attempt.isStopping()) {
                stoppingSince = stoppingSince == 0 ? now : stoppingSince;
                if (now - stoppingSince > STOP_GRACE_MILLIS) {
                    LOG.warn("Job {}: some subtasks did not stop within {} ms", setup.jobId(), STOP_GRACE_MILLIS);
                    return;
                }
                continue;
            }
            if (interval > 0 && now >= nextCheckpointAt) {
                if (attempt.coordinator().trigger(nextCheckpointId)) {
                    nextCheckpointId++;
                }
                nextCheckpointAt = now + interval;
            }
            completeCheckpoint(attempt);
            if (now >= nextProgressAt) {
                nextProgressAt = now + PROGRESS_INTERVAL_MILLIS;
                report(attempt);
            }
        }
    }

    /**
     * A job ended by {@link #drain()} with checkpointing on leaves a last checkpoint of where every source
     * stopped, unless its sinks' commit already wrote one, so that a restore reads on from there.
     */
    private void writeDrainedCheckpoint(JobAttempt attempt) {
        if (!attempt.isCheckpointing() || attempt.lastCheckpointTaken()) {
            return;
        }
        completeCheckpoint(attempt);
        CheckpointCoordinator.Completed last = attempt.coordinator().lastCheckpoint(nextCheckpointId);
        if (last != null && write(attempt, last)) {
            nextCheckpointId++;
            attempt.lastCheckpointDurable();
        }
    }

    private void completeCheckpoint(JobAttempt attempt) {
        CheckpointCoordinator.Completed completed = attempt.coordinator().pollCompleted();
        if (completed != null && write(attempt, completed)) {
            attempt.checkpointDurable(completed.checkpointId());
        }
        if (attempt.needsLastCheckpoint()) {
            CheckpointCoordinator.Completed last = attempt.coordinator().lastCheckpoint(nextCheckpointId);
            if (last != null) {
                nextCheckpointId++;
                if (write(attempt, last)) {
                    attempt.lastCheckpointDurable();
                }
            }
        }
    }

    /** Writes {@code completed} atomically; false (and the attempt failed) when it could not. */
    private boolean write(JobAttempt attempt, CheckpointCoordinator.Completed completed) {
        Map<String, Serializable> states = new HashMap<>();
        Map<String, Map<String, Long>> positions = new HashMap<>();
        completed.collectInto(states, positions);
        CompletedCheckpoint checkpoint = new CompletedCheckpoint(setup.jobId(), setup.fingerprint().hash(),
                setup.fingerprint().nodes(), completed.checkpointId(), setup.nodeParallelism(), states, positions);
        try {
            Path path = storage.write(checkpoint);
            latest = checkpoint;
            checkpointsCompleted++;
            lastCheckpointMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - completed.triggeredNanos());
            lastCheckpointBytes = Files.size(path.resolve(CheckpointStorage.METADATA));
            LOG.debug("Job {}: checkpoint {} written to {}", setup.jobId(), checkpoint.checkpointId(), path);
            return true;
        } catch (IOException | RuntimeException e) {
            attempt.fail(new IllegalStateException("Checkpoint " + checkpoint.checkpointId() + " could not be written to "
                    + storage.directory() + ": " + e, e));
            return false;
        }
    }

    private void report(JobAttempt attempt) {
        try {
            observer.onProgress(progress(attempt));
        } catch (RuntimeException e) {
            LOG.warn("Job observer failed on a progress report", e);
        }
    }

    private JobProgress progress(JobAttempt attempt) {
        JobCounters counters = attempt.counters();
        return new JobProgress(rowsInBefore + counters.rowsIn(), rowsOutBefore + counters.rowsOut(),
                checkpointsCompleted, lastCheckpointMillis, lastCheckpointBytes,
                counters.lagMillis(System.currentTimeMillis()), counters.lateRowsDropped(),
                counters.sinkMetrics(), counters.sourceMetrics());
    }
}
