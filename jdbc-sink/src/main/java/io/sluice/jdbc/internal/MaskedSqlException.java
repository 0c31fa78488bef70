package io.sluice.jdbc.internal;

import io.sluice.api.options.Secrets;
import java.sql.SQLException;

/**
 * A copy of a driver's exception whose messages, its own and its causes', show no secret: drivers
 * echo the URL or the user they were given (a password mistyped into the port, a password parsed as
 * part of the user name), and an engine that prints stack traces would show them. SQLSTATE, vendor
 * code and stack traces are kept, so that failures are classified as before.
 */
public final class MaskedSqlException {
    private MaskedSqlException() {
    }

    /** {@code failure} itself when no message in its chain shows a secret, else a masked copy. */
    public static SQLException of(SQLException failure) {
        return showsSecret(failure) ? copy(failure) : failure;
    }

    private static boolean showsSecret(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage();
            if (message != null && !message.equals(Secrets.mask(message))) {
                return true;
            }
        }
        return false;
    }

    private static SQLException copy(SQLException failure) {
        Throwable cause = failure.getCause();
        SQLException copy = new SQLException(Secrets.mask(failure.getMessage()), failure.getSQLState(),
                failure.getErrorCode(), cause == null || cause == failure ? null : copyCause(cause));
        copy.setStackTrace(failure.getStackTrace());
        return copy;
    }

    private static Throwable copyCause(Throwable cause) {
        if (cause instanceof SQLException sql) {
            return copy(sql);
        }
        Throwable nested = cause.getCause() == null || cause.getCause() == cause ? null : copyCause(cause.getCause());
        RuntimeException copy = new RuntimeException(cause.getClass().getSimpleName() + ": "
                + Secrets.mask(cause.getMessage()), nested);
        copy.setStackTrace(cause.getStackTrace());
        return copy;
    }
}
