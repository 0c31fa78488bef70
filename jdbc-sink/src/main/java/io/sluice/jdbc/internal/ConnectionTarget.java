package io.sluice.jdbc.internal;

import io.sluice.api.options.Secrets;
import io.sluice.jdbc.dialect.JdbcUrlResolver;
import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Where a table's connections go: a JDBC URL and the credentials, after a {@link JdbcUrlResolver} (if
 * one serves the URL) turned a URL such as {@code embedded:postgres} into a real one. Its text form
 * masks the password.
 */
public record ConnectionTarget(String jdbcUrl, String username, String password) {

    /**
     * Resolves {@code url} through the resolvers on the classpath; explicit credentials win over the
     * resolver's.
     *
     * @throws IllegalStateException when several resolvers accept the URL
     */
    public static ConnectionTarget resolve(String url, String username, String password, ClassLoader classLoader) {
        List<JdbcUrlResolver> resolvers = new ArrayList<>();
        for (JdbcUrlResolver resolver : ServiceLoader.load(JdbcUrlResolver.class, classLoader)) {
            if (resolver.accepts(url)) {
                resolvers.add(resolver);
            }
        }
        if (resolvers.isEmpty()) {
            return new ConnectionTarget(url, username, password);
        }
        if (resolvers.size() > 1) {
            throw new IllegalStateException("Several URL resolvers accept '" + MaskedUrl.of(url) + "': "
                    + resolvers.stream().map(r -> r.getClass().getName()).toList());
        }
        ResolvedUrl resolved = resolvers.get(0).resolve(url);
        Secrets.register(resolved.password());
        Secrets.registerPasswordsIn(resolved.jdbcUrl());
        return new ConnectionTarget(resolved.jdbcUrl(), username != null ? username : resolved.username(),
                username != null ? password : resolved.password());
    }

    /** The URL with its password masked. */
    public String maskedUrl() {
        return MaskedUrl.of(jdbcUrl);
    }

    @Override
    public String toString() {
        return "ConnectionTarget[" + maskedUrl() + ", user=" + username + "]";
    }
}
