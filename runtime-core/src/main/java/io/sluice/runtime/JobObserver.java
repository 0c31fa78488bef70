package io.sluice.runtime;

/**
 * Told about a running job's progress (about once a second) and its end. The CLI prints progress on
 * stderr. Called from a runtime thread; implementations must be quick.
 */
public interface JobObserver {

    JobObserver NONE = new JobObserver() {
    };

    default void onProgress(JobProgress progress) {
    }

    default void onFinished(JobProgress finalProgress) {
    }
}
