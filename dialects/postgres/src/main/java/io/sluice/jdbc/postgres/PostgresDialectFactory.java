package io.sluice.jdbc.postgres;

import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.JdbcDialectFactory;

/** The PostgreSQL dialect, for {@code jdbc:postgresql:} URLs. */
public final class PostgresDialectFactory implements JdbcDialectFactory {

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public boolean acceptsUrl(String url) {
        return url.startsWith("jdbc:postgresql:");
    }

    @Override
    public JdbcDialect create() {
        return new PostgresDialect();
    }
}
