package io.sluice.bench.sink;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the sink sent through {@link CountingDriver} connections: statements (every row of a JDBC batch
 * counts as one), round trips (each execute call, commit and rollback) and autocommit switches (the pool
 * resets autocommit when a connection comes back; MariaDB's driver sends each switch as a query,
 * pgjdbc sends nothing). Process-wide, because the pool creates the driver by its class name.
 */
final class JdbcCalls {
    static final AtomicLong STATEMENTS = new AtomicLong();
    static final AtomicLong ROUND_TRIPS = new AtomicLong();
    static final AtomicLong AUTOCOMMIT_SWITCHES = new AtomicLong();

    private JdbcCalls() {
    }

    /** The counts since the last reset. */
    record Counts(long statements, long roundTrips, long autocommitSwitches) {
    }

    static void reset() {
        STATEMENTS.set(0);
        ROUND_TRIPS.set(0);
        AUTOCOMMIT_SWITCHES.set(0);
    }

    static Counts counts() {
        return new Counts(STATEMENTS.get(), ROUND_TRIPS.get(), AUTOCOMMIT_SWITCHES.get());
    }
}
