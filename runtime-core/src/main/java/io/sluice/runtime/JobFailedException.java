package io.sluice.runtime;

/**
 * A job failed: the message names the job and the operator or table that failed, the cause is the
 * original exception.
 */
public class JobFailedException extends RuntimeException {
    public JobFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
