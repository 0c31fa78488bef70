package io.sluice.jdbc.dialect;

/**
 * Finds a {@link JdbcDialect} for a JDBC URL. Implementations are registered in
 * {@code META-INF/services/io.sluice.jdbc.dialect.JdbcDialectFactory}; exactly one must accept a URL.
 */
public interface JdbcDialectFactory {

    /** A short name for error messages and logs, such as {@code postgres}. */
    String name();

    /** True when this dialect serves {@code url} (decided by its scheme, such as {@code jdbc:postgresql:}). */
    boolean acceptsUrl(String url);

    /** A new dialect instance. */
    JdbcDialect create();
}
