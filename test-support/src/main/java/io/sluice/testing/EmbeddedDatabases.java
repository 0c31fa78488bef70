package io.sluice.testing;

import io.sluice.embedded.EmbeddedMariaDbResolver;
import io.sluice.embedded.EmbeddedPostgresResolver;
import io.sluice.jdbc.dialect.JdbcUrlResolver;
import io.sluice.jdbc.dialect.JdbcUrlResolver.ResolvedUrl;

/** The embedded servers of {@code embedded-db}: PostgreSQL, and MariaDB for the MySQL protocol. */
final class EmbeddedDatabases implements DatabaseFinder {

    @Override
    public TestDatabase find(TestDatabase.Kind kind) {
        String embeddedUrl = switch (kind) {
            case POSTGRES -> EmbeddedPostgresResolver.URL;
            case MYSQL -> EmbeddedMariaDbResolver.URL;
        };
        JdbcUrlResolver resolver = switch (kind) {
            case POSTGRES -> new EmbeddedPostgresResolver();
            case MYSQL -> new EmbeddedMariaDbResolver();
        };
        ResolvedUrl url = resolver.resolve(embeddedUrl);
        return new TestDatabase(kind, TestDatabase.Source.EMBEDDED, url.jdbcUrl(), url.username(), url.password(),
                embeddedUrl + " (" + url.jdbcUrl() + ")");
    }
}
