package io.sluice.api.options;

/** A table definition, option or query that cannot be used as written. The message says what and where. */
public class ValidationException extends RuntimeException {
    public ValidationException(String message) {
        super(message);
    }

    public ValidationException(String message, Throwable cause) {
        super(message, cause);
    }
}
