package io.sluice.runtime.operators;

/** An event-time operator that drops rows arriving after the watermark passed their time, and counts them. */
public interface LateRowCounter {

    /** Rows dropped as late since the job's first attempt (the count is in the operator's state); any thread. */
    long lateRowsDropped();
}
