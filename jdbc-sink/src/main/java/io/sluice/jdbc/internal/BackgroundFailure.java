package io.sluice.jdbc.internal;

/**
 * The failure of a writer's own flushing or committing thread: kept at once, so that every later call
 * of the writer throws that same exception object.
 */
final class BackgroundFailure {
    private volatile Throwable failure;

    void set(Throwable cause) {
        failure = cause;
    }

    boolean isSet() {
        return failure != null;
    }

    /** Throws the failure, if there is one, as it was thrown. */
    void rethrow() throws Exception {
        Throwable cause = failure;
        if (cause instanceof Exception exception) {
            throw exception;
        }
        if (cause instanceof Error error) {
            throw error;
        }
    }
}
