package io.sluice.bench;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLFeatureNotSupportedException;

/**
 * A connection whose driver builds no arrays, as some PostgreSQL-protocol drivers do: the PostgreSQL
 * dialect then falls back to JDBC batches, which is how the benchmark measures that strategy.
 */
final class ArraylessConnection {

    private ArraylessConnection() {
    }

    static Connection wrap(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("createArrayOf")) {
                        throw new SQLFeatureNotSupportedException("arrays are switched off for the benchmark");
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
