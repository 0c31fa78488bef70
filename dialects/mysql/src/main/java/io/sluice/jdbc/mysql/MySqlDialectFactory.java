package io.sluice.jdbc.mysql;

import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.JdbcDialectFactory;

/** The MySQL and MariaDB dialect, for {@code jdbc:mysql:} and {@code jdbc:mariadb:} URLs. */
public final class MySqlDialectFactory implements JdbcDialectFactory {

    @Override
    public String name() {
        return "mysql";
    }

    @Override
    public boolean acceptsUrl(String url) {
        return url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:");
    }

    @Override
    public JdbcDialect create() {
        return new MySqlDialect();
    }
}
