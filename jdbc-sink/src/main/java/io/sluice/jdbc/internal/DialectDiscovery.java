package io.sluice.jdbc.internal;

import io.sluice.api.options.ValidationException;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.JdbcDialectFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds the one {@link JdbcDialectFactory} on the classpath that accepts a JDBC URL. */
public final class DialectDiscovery {
    private DialectDiscovery() {
    }

    /**
     * @throws ValidationException naming the table, the URL scheme and the dialects on the classpath when
     *                             no dialect or more than one accepts {@code jdbcUrl}
     */
    public static JdbcDialect find(String table, String jdbcUrl, ClassLoader classLoader) {
        List<JdbcDialectFactory> matches = new ArrayList<>();
        TreeSet<String> available = new TreeSet<>();
        for (JdbcDialectFactory factory : ServiceLoader.load(JdbcDialectFactory.class, classLoader)) {
            available.add(factory.name());
            if (factory.acceptsUrl(jdbcUrl)) {
                matches.add(factory);
            }
        }
        String scheme = MaskedUrl.scheme(jdbcUrl);
        if (matches.isEmpty()) {
            throw new ValidationException("Table '" + table + "': no JDBC dialect accepts URLs of scheme '" + scheme
                    + "'. Dialects on the classpath: " + (available.isEmpty() ? "none" : available));
        }
        if (matches.size() > 1) {
            throw new ValidationException("Table '" + table + "': several JDBC dialects accept URLs of scheme '"
                    + scheme + "': " + matches.stream().map(JdbcDialectFactory::name).sorted().toList()
                    + ". Keep one of them on the classpath.");
        }
        return matches.get(0).create();
    }
}
