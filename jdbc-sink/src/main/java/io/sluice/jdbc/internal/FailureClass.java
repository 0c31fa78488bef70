package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Why a statement failed, from its SQLSTATE and vendor code: whether retrying the flush can help
 * ({@link #CONNECTION}, {@link #CONFLICT}), whether some rows are at fault ({@link #DATA}), or neither.
 */
enum FailureClass {
    /** The connection broke ({@code 08xxx}, {@code 57P01} admin shutdown, a killed session): retry on a new one. */
    CONNECTION,
    /** Lost a race with another transaction ({@code 40001}, {@code 40P01}, MySQL 1213 deadlock, 1205 lock wait). */
    CONFLICT,
    /** Rows the table rejects ({@code 22xxx} data, {@code 23xxx} integrity): retrying cannot help. */
    DATA,
    /** Anything else, such as a missing table or a syntax error: retrying cannot help. */
    OTHER;

    private static final Set<String> CONNECTION_STATES = Set.of("57P01", "57P02", "57P03", "70100");
    private static final Set<String> CONFLICT_STATES = Set.of("40001", "40P01");
    private static final Set<Integer> CONNECTION_CODES = Set.of(1317, 1927);
    private static final Set<Integer> CONFLICT_CODES = Set.of(1205, 1213);

    /** True when the flush should be retried. */
    public boolean isTransient() {
        return this == CONNECTION || this == CONFLICT;
    }

    /** The metric suffix, such as {@code connection}. */
    public String metricName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The class of the first exception in {@code failure}'s chain (causes and next exceptions) that tells one. */
    public static FailureClass of(SQLException failure) {
        Set<Throwable> seen = new HashSet<>();
        for (Throwable t = failure; t != null && seen.add(t); t = next(t)) {
            if (t instanceof SQLException e) {
                FailureClass found = single(e);
                if (found != OTHER) {
                    return found;
                }
            }
        }
        return OTHER;
    }

    private static Throwable next(Throwable t) {
        if (t instanceof SQLException e && e.getNextException() != null) {
            return e.getNextException();
        }
        return t.getCause();
    }

    private static FailureClass single(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.startsWith("08") || CONNECTION_STATES.contains(state) || CONNECTION_CODES.contains(e.getErrorCode())) {
            return CONNECTION;
        }
        if (CONFLICT_STATES.contains(state) || CONFLICT_CODES.contains(e.getErrorCode())) {
            return CONFLICT;
        }
        if (state.startsWith("22") || state.startsWith("23")) {
            return DATA;
        }
        return byExceptionType(e);
    }

    private static FailureClass byExceptionType(SQLException e) {
        if (e instanceof SQLRecoverableException || e instanceof SQLTransientConnectionException
                || e instanceof SQLNonTransientConnectionException) {
            return CONNECTION;
        }
        return e instanceof SQLTransientException ? CONFLICT : OTHER;
    }
}
