package io.sluice.runtime.execution;

/** A runtime operator acting on processing time: the task calls it every few rows and while idle. */
interface ProcessingTimeAware {

    void onProcessingTime(long nowMillis) throws Exception;
}
