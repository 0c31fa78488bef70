package io.sluice.experiments;

import io.sluice.jdbc.dialect.JdbcUrlResolver;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Where the observer connects: the sink's URL after the {@link JdbcUrlResolver} that serves it (such as
 * the one for {@code embedded:postgres}) turned it into a real JDBC URL, found the same way the sink
 * finds it, so both reach the same database. Its text form leaves out the password.
 */
record DatabaseTarget(String jdbcUrl, String username, String password) {

    /** Resolves {@code url}; explicit credentials win over the resolver's. */
    static DatabaseTarget resolve(String url, String username, String password) {
        List<JdbcUrlResolver> resolvers = ServiceLoader.load(JdbcUrlResolver.class).stream()
                .map(ServiceLoader.Provider::get).filter(resolver -> resolver.accepts(url)).toList();
        if (resolvers.size() > 1) {
            throw new IllegalStateException("Several URL resolvers accept '" + url + "': "
                    + resolvers.stream().map(resolver -> resolver.getClass().getName()).toList());
        }
        if (resolvers.isEmpty()) {
            return new DatabaseTarget(url, username, password);
        }
        JdbcUrlResolver.ResolvedUrl resolved = resolvers.get(0).resolve(url);
        return username != null ? new DatabaseTarget(resolved.jdbcUrl(), username, password)
                : new DatabaseTarget(resolved.jdbcUrl(), resolved.username(), resolved.password());
    }

    Connection connect() throws SQLException {
        return username == null ? DriverManager.getConnection(jdbcUrl)
                : DriverManager.getConnection(jdbcUrl, username, password);
    }

    /** The URL with a password in it masked. */
    String maskedUrl() {
        return jdbcUrl.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    @Override
    public String toString() {
        return "DatabaseTarget[" + maskedUrl() + ", user=" + username + "]";
    }
}
