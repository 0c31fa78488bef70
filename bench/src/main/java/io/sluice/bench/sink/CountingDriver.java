package io.sluice.bench.sink;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A JDBC driver in front of the real one (found by URL), counting what the sink's connections send into
 * {@link JdbcCalls}. The benchmark names it in the table's {@code 'driver'} option, so the sink runs
 * unchanged while the harness sees every statement and round trip. Not registered with
 * {@link DriverManager}, so the real driver stays the one found for the URL.
 */
public class CountingDriver implements Driver {

    /** Whether connections may build {@link java.sql.Array}s; {@link ArraylessDriver} says no. */
    protected boolean arrays() {
        return true;
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        Connection connection = DriverManager.getDriver(url).connect(url, info);
        return connection == null ? null : proxy(Connection.class, new ConnectionCalls(connection, arrays()));
    }

    @Override
    public boolean acceptsURL(String url) {
        try {
            return DriverManager.getDriver(url) != null;
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return DriverManager.getDriver(url).getPropertyInfo(url, info);
    }

    @Override
    public int getMajorVersion() {
        return 1;
    }

    @Override
    public int getMinorVersion() {
        return 0;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no java.util.logging");
    }

    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(CountingDriver.class.getClassLoader(), new Class<?>[] {type},
                handler));
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private record ConnectionCalls(Connection connection, boolean arrays) implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "createArrayOf" -> {
                    if (!arrays) {
                        throw new SQLFeatureNotSupportedException("this driver builds no arrays");
                    }
                }
                case "commit", "rollback", "isValid" -> JdbcCalls.ROUND_TRIPS.incrementAndGet();
                case "setAutoCommit" -> {
                    if ((Boolean) args[0] != connection.getAutoCommit()) {
                        JdbcCalls.AUTOCOMMIT_SWITCHES.incrementAndGet();
                    }
                }
                default -> {
                }
            }
            Object result = CountingDriver.invoke(connection, method, args);
            boolean createsStatement = method.getName().startsWith("prepare")
                    || method.getName().equals("createStatement");
            if (createsStatement && result instanceof Statement statement) {
                return proxy(method.getReturnType(), new StatementCalls(statement));
            }
            return result;
        }
    }

    private static final class StatementCalls implements InvocationHandler {
        private final Statement statement;
        private long batched;

        StatementCalls(Statement statement) {
            this.statement = statement;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (name.equals("addBatch")) {
                batched++;
            } else if (name.equals("clearBatch")) {
                batched = 0;
            } else if (name.startsWith("execute")) {
                boolean batch = name.endsWith("Batch");
                JdbcCalls.STATEMENTS.addAndGet(batch ? batched : 1);
                JdbcCalls.ROUND_TRIPS.incrementAndGet();
                batched = batch ? 0 : batched;
            }
            return CountingDriver.invoke(statement, method, args);
        }
    }
}
