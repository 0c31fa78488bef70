package io.sluice.runtime;

/** A job started by {@link JobExecutor#submit}: wait for its end or stop it. */
public interface RunningJob {

    /**
     * Blocks until the job ends: a bounded job when every input is read and every sink closed, any job
     * after {@link #cancel()}.
     *
     * @throws JobFailedException when the job failed (after the restarts it was allowed)
     */
    void await();

    /** Stops the job promptly; {@link #await()} then returns normally. */
    void cancel();

    /**
     * Ends the job's input where it is, as if every source had reached its end: windows fire, sinks write
     * what they hold, and with checkpointing on a last checkpoint is taken and committed; {@link #await()}
     * then returns normally. For Ctrl-C on an endless job.
     */
    void drain();
}
