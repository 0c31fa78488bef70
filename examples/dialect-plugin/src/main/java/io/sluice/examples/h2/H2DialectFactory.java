package io.sluice.examples.h2;

import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.JdbcDialectFactory;

/**
 * The entry point Sluice finds through {@code META-INF/services/io.sluice.jdbc.dialect.JdbcDialectFactory}:
 * it serves {@code jdbc:h2:} URLs (in-memory {@code jdbc:h2:mem:name} or a file {@code jdbc:h2:./data/name}).
 */
public final class H2DialectFactory implements JdbcDialectFactory {

    @Override
    public String name() {
        return "h2";
    }

    @Override
    public boolean acceptsUrl(String url) {
        return url.startsWith("jdbc:h2:");
    }

    @Override
    public JdbcDialect create() {
        return new H2Dialect();
    }
}
