package io.sluice.embedded;

/** An embedded database server could not be started; the message says which and where its logs are. */
public final class EmbeddedDatabaseException extends RuntimeException {

    EmbeddedDatabaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
