package io.sluice.testing;

/** No source could provide a test database; the message lists why each one could not. */
public final class NoTestDatabaseException extends RuntimeException {

    NoTestDatabaseException(String message) {
        super(message);
    }
}
