package io.sluice.runtime.execution;

/** A task thread was interrupted because its job is being stopped; not a failure of its own. */
final class TaskCancelledException extends RuntimeException {
    TaskCancelledException() {
        super("task cancelled", null, false, false);
    }
}
