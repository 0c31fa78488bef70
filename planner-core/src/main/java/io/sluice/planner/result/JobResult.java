package io.sluice.planner.result;

import io.sluice.api.data.Row;
import io.sluice.api.options.ValidationException;
import io.sluice.planner.SqlStatementException;
import io.sluice.planner.TableResult;
import io.sluice.runtime.JobExecutor;
import io.sluice.runtime.JobObserver;
import io.sluice.runtime.RunningJob;
import io.sluice.runtime.plan.ExecPlan;
import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * A job: an INSERT (or statement set), started at once, or a SELECT, started when its changes are asked
 * for (print or forEach) so that they go to the caller. Waiting ends when the job does; a failed job throws
 * the runtime's {@code JobFailedException} with the cause.
 */
public final class JobResult implements TableResult {
    private final ExecPlan plan;
    private final ClassLoader classes;
    private final JobObserver observer;
    private final boolean collects;
    private RunningJob job;
    /** What Ctrl-C asked of a SELECT's job before it started; guarded by {@code this}. */
    private boolean cancelled;
    private boolean drained;

    private JobResult(ExecPlan plan, JobObserver observer, boolean collects) {
        this.classes = Thread.currentThread().getContextClassLoader();
        this.plan = plan;
        this.observer = observer;
        this.collects = collects;
    }

    /** An INSERT's job, already running. */
    public static JobResult started(ExecPlan plan, JobObserver observer) {
        JobResult result = new JobResult(plan, observer, false);
        result.job = result.submit(null);
        return result;
    }

    /** A SELECT's job, started by {@link #print} or {@link #forEach}. */
    public static JobResult collecting(ExecPlan plan, JobObserver observer) {
        return new JobResult(plan, observer, true);
    }

    @Override
    public void print(PrintStream out) {
        forEach(row -> out.println(row));
    }

    @Override
    public void forEach(Consumer<Row> consumer) {
        if (collects) {
            synchronized (this) {
                if (job != null) {
                    throw new IllegalStateException("The changes of this SELECT were already consumed");
                }
                job = submit(consumer);
                if (cancelled) {
                    job.cancel();
                } else if (drained) {
                    job.drain();
                }
            }
        }
        started().await();
    }

    private synchronized RunningJob started() {
        return job;
    }

    @Override
    public synchronized void cancel() {
        cancelled = true;
        if (job != null) {
            job.cancel();
        }
    }

    @Override
    public synchronized void drain() {
        drained = true;
        if (job != null) {
            job.drain();
        }
    }

    /**
     * Starts the job with the class loader of the session that planned it as the context class loader,
     * which the job's threads inherit: a SELECT starts later, from whatever thread consumes it.
     */
    private RunningJob submit(Consumer<Row> output) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(classes);
        try {
            return JobExecutor.submit(plan, observer, output);
        } catch (ValidationException e) {
            throw new SqlStatementException(e.getMessage(), 0, 0, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
