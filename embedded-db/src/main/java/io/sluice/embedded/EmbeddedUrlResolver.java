package io.sluice.embedded;

import io.sluice.jdbc.dialect.JdbcUrlResolver;

/** Serves one {@code embedded:<name>} URL from a process-wide server. */
abstract class EmbeddedUrlResolver implements JdbcUrlResolver {

    private final String url;
    private final EmbeddedServer server;

    EmbeddedUrlResolver(String url, EmbeddedServer server) {
        this.url = url;
        this.server = server;
    }

    @Override
    public boolean accepts(String candidate) {
        return candidate != null && url.equalsIgnoreCase(candidate.trim());
    }

    @Override
    public ResolvedUrl resolve(String candidate) {
        if (!accepts(candidate)) {
            throw new IllegalArgumentException("'" + candidate + "' is not " + url);
        }
        return server.url();
    }
}
