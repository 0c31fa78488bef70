package io.sluice.jdbc.internal;

import io.sluice.jdbc.dialect.TableWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * An in-memory table with transactions, reached through proxy {@link Connection}s and a recording
 * {@link TableWriter}. It keeps the statements of committed transactions, counts commits, rollbacks and
 * evictions, and fails writes on demand: the next writes with given exceptions, or rows a rule rejects.
 */
final class FakeDatabase implements ConnectionSource {
    private final int[] keyIndexes;
    private final Map<List<Object>, Object[]> rows = new LinkedHashMap<>();
    private final List<Object[]> appended = new ArrayList<>();
    private final List<String> committedStatements = new ArrayList<>();
    private final Deque<SQLException> nextFailures = new ArrayDeque<>();
    private Function<Object[], SQLException> rejection = row -> null;
    private volatile long writeNanos;
    private volatile CountDownLatch heldWrites = new CountDownLatch(0);
    volatile int commits;
    int rollbacks;
    int evictions;
    int released;

    FakeDatabase(int... keyIndexes) {
        this.keyIndexes = keyIndexes;
    }

    /** The next writes fail with these, in order; a failure with SQLSTATE 08xxx also breaks its connection. */
    synchronized void failNextWrites(SQLException... failures) {
        nextFailures.addAll(Arrays.asList(failures));
    }

    /** Rows for which {@code rule} answers an exception are rejected with it. */
    synchronized void reject(Function<Object[], SQLException> rule) {
        this.rejection = rule;
    }

    /** Makes every write take {@code nanos}, outside the database's lock, as a round trip would. */
    void slowWrites(long nanos) {
        this.writeNanos = nanos;
    }

    /** Committed statements as {@code UPSERT 2}, {@code DELETE 1}, {@code INSERT 3}. */
    synchronized List<String> statements() {
        return List.copyOf(committedStatements);
    }

    synchronized void forgetStatements() {
        committedStatements.clear();
    }

    /** The committed table as {@code key -> row}, keys as lists of key values. */
    synchronized Map<List<Object>, List<Object>> table() {
        Map<List<Object>, List<Object>> copy = new LinkedHashMap<>();
        rows.forEach((key, row) -> copy.put(key, Arrays.asList(row)));
        return copy;
    }

    synchronized List<List<Object>> appendedRows() {
        return appended.stream().map(Arrays::asList).toList();
    }

    /** Runs {@code change} when the transaction of {@code connection} commits; at once in autocommit mode. */
    synchronized void onCommit(Connection connection, Runnable change) {
        Session session = (Session) Proxy.getInvocationHandler(connection);
        session.pending.add(change);
        if (session.autoCommit) {
            session.commit();
        }
    }

    TableWriter writer() {
        return new RecordingWriter();
    }

    @Override
    public Connection acquire() {
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                new Session());
    }

    @Override
    public synchronized void release(Connection connection) {
        released++;
    }

    @Override
    public synchronized void evict(Connection connection) {
        evictions++;
    }

    /** Makes every write wait until {@link #releaseWrites()}: a database busy with the flush in flight. */
    void holdWrites() {
        heldWrites = new CountDownLatch(1);
    }

    void releaseWrites() {
        heldWrites.countDown();
    }

    private TableWriter.WriteStats apply(Connection connection, String kind, List<Object[]> batch)
            throws SQLException {
        try {
            if (!heldWrites.await(30, TimeUnit.SECONDS)) {
                throw new SQLException("the test never released the held writes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the writes were held", e);
        }
        long until = System.nanoTime() + writeNanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        return applyNow(connection, kind, batch);
    }

    private synchronized TableWriter.WriteStats applyNow(Connection connection, String kind, List<Object[]> batch)
            throws SQLException {
        Session session = (Session) Proxy.getInvocationHandler(connection);
        if (session.broken) {
            throw new SQLException("connection is broken", "08003");
        }
        SQLException failure = nextFailures.poll();
        if (failure != null) {
            session.broken = failure.getSQLState() != null && failure.getSQLState().startsWith("08");
            throw failure;
        }
        for (Object[] row : batch) {
            SQLException rejected = rejection.apply(row);
            if (rejected != null) {
                throw rejected;
            }
        }
        List<Object[]> copies = batch.stream().map(Object[]::clone).toList();
        session.pending.add(() -> change(kind, copies));
        if (session.autoCommit) {
            session.commit();
        }
        // As a JDBC batch: one statement per row, sent in one round trip.
        return new TableWriter.WriteStats(batch.size(), 1);
    }

    private void change(String kind, List<Object[]> batch) {
        committedStatements.add(kind + " " + batch.size());
        for (Object[] row : batch) {
            switch (kind) {
                case "UPSERT" -> rows.put(key(row), row);
                case "DELETE" -> rows.remove(key(row));
                default -> appended.add(row);
            }
        }
    }

    private List<Object> key(Object[] row) {
        return Arrays.stream(keyIndexes).mapToObj(i -> row[i]).toList();
    }

    private final class RecordingWriter implements TableWriter {
        @Override
        public WriteStats upsert(Connection connection, List<Object[]> batch) throws SQLException {
            return apply(connection, "UPSERT", batch);
        }

        @Override
        public WriteStats delete(Connection connection, List<Object[]> batch) throws SQLException {
            return apply(connection, "DELETE", batch);
        }

        @Override
        public WriteStats insert(Connection connection, List<Object[]> batch) throws SQLException {
            return apply(connection, "INSERT", batch);
        }

        @Override
        public String strategy() {
            return "recording";
        }
    }

    /** One connection's transaction state. */
    private final class Session implements InvocationHandler {
        private final List<Runnable> pending = new ArrayList<>();
        private boolean autoCommit = true;
        private boolean broken;
        private boolean closed;

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws SQLException {
            synchronized (FakeDatabase.this) {
                return switch (method.getName()) {
                    case "setAutoCommit" -> setAutoCommit((Boolean) args[0]);
                    case "getAutoCommit" -> autoCommit;
                    case "commit" -> commit();
                    case "rollback" -> rollback();
                    case "isValid" -> !broken;
                    case "isClosed" -> closed;
                    case "close" -> closed = true;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "FakeConnection";
                    default -> throw new SQLFeatureNotSupportedException(method.getName());
                };
            }
        }

        private Object setAutoCommit(boolean on) {
            if (on && !autoCommit) {
                commit();
            }
            autoCommit = on;
            return null;
        }

        private Object commit() {
            if (!pending.isEmpty()) {
                pending.forEach(Runnable::run);
                pending.clear();
                commits++;
            }
            return null;
        }

        private Object rollback() throws SQLException {
            if (broken) {
                throw new SQLException("connection is broken", "08003");
            }
            pending.clear();
            rollbacks++;
            return null;
        }
    }
}
