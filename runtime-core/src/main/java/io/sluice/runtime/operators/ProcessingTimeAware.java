package io.sluice.runtime.operators;

/**
 * An operator acting on processing time (flush timers, periodic watermarks, windows on PROCTIME()):
 * the task calls it every few rows and while idle, on the operator's own thread.
 */
public interface ProcessingTimeAware {

    /** The wall clock reached {@code nowMillis}: do what is due, emitting rows to {@code output}. */
    void onProcessingTime(long nowMillis, Output output) throws Exception;
}
