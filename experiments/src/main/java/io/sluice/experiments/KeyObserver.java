package io.sluice.experiments;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Polls the observed key on a connection of its own, every {@value #POLL_MILLIS} ms, on a thread of its
 * own, and records each answer. The poll query returns the key's amount (NULL when absent) and the
 * table's highest {@code seq} in one statement, so both come from one snapshot.
 */
final class KeyObserver implements AutoCloseable {
    static final long POLL_MILLIS = 1;
    private static final long POLL_NANOS = POLL_MILLIS * 1_000_000;

    private final Connection connection;
    private final PreparedStatement query;
    private final List<Observation> observations = new ArrayList<>();
    private final long startEpochMicros = System.currentTimeMillis() * 1000;
    private final long startNanos = System.nanoTime();
    private final Thread thread;
    private volatile boolean stopping;
    private volatile SQLException failure;

    private KeyObserver(Connection connection, String pollQuery) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(true);
        this.query = connection.prepareStatement(pollQuery);
        this.thread = new Thread(this::pollUntilStopped, "flush-boundary-observer");
        thread.setDaemon(true);
    }

    /** Starts polling with {@code pollQuery} on {@code connection}, which the observer closes. */
    static KeyObserver start(Connection connection, String pollQuery) throws SQLException {
        KeyObserver observer;
        try {
            observer = new KeyObserver(connection, pollQuery);
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        observer.thread.start();
        return observer;
    }

    /**
     * Stops polling, takes one last poll (so the final state is always recorded) and returns every
     * observation in time order.
     *
     * @throws SQLException when a poll failed
     */
    List<Observation> stop() throws SQLException, InterruptedException {
        stopping = true;
        thread.join();
        if (failure != null) {
            throw failure;
        }
        observations.add(poll(System.nanoTime()));
        return List.copyOf(observations);
    }

    @Override
    public void close() throws SQLException, InterruptedException {
        stopping = true;
        thread.join();
        connection.close();
    }

    private void pollUntilStopped() {
        try {
            while (!stopping) {
                long sent = System.nanoTime();
                observations.add(poll(sent));
                LockSupport.parkNanos(sent + POLL_NANOS - System.nanoTime());
            }
        } catch (SQLException e) {
            failure = e;
        }
    }

    private Observation poll(long sentNanos) throws SQLException {
        try (ResultSet result = query.executeQuery()) {
            result.next();
            long amount = result.getLong(1);
            Long value = result.wasNull() ? null : amount;
            long committedSeq = result.getLong(2);
            return new Observation(startEpochMicros + (sentNanos - startNanos) / 1000, value,
                    result.wasNull() ? -1 : committedSeq);
        }
    }
}
