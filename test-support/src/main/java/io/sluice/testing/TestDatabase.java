package io.sluice.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * A database a test may use: where to connect and where it came from. Obtain one through the
 * {@link TestDatabases} extension ({@code @Postgres TestDatabase db}, {@code @MySql TestDatabase db})
 * or {@link TestDatabases#get(Kind)}. The same database serves every test in the JVM, so tests name
 * their tables with {@link #uniqueName(String)}.
 *
 * @param kind which protocol it speaks
 * @param source how it was found
 * @param jdbcUrl where to connect
 * @param user user name, or null to let the driver decide
 * @param password password, or null; never printed
 * @param description where it came from, for people reading logs (no password)
 */
public record TestDatabase(Kind kind, Source source, String jdbcUrl, String user, String password,
        String description) {

    private static final Pattern NAME_PREFIX = Pattern.compile("[a-z][a-z0-9_]{0,39}");

    /** The protocols tests need. */
    public enum Kind {
        POSTGRES("PostgreSQL", "SLUICE_IT_POSTGRES"),
        MYSQL("MySQL", "SLUICE_IT_MYSQL");

        private final String displayName;
        private final String environmentPrefix;

        Kind(String displayName, String environmentPrefix) {
            this.displayName = displayName;
            this.environmentPrefix = environmentPrefix;
        }

        public String displayName() {
            return displayName;
        }

        /** {@code SLUICE_IT_POSTGRES} or {@code SLUICE_IT_MYSQL}; add {@code _URL}, {@code _USER}, {@code _PASSWORD}. */
        public String environmentPrefix() {
            return environmentPrefix;
        }
    }

    /** Where test databases are looked for, in this default order. */
    public enum Source {
        ENVIRONMENT("env"),
        TESTCONTAINERS("testcontainers"),
        EMBEDDED("embedded");

        private final String key;

        Source(String key) {
            this.key = key;
        }

        /** The name used in the {@code sluice.it.databases} system property. */
        public String key() {
            return key;
        }
    }

    public TestDatabase {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(description, "description");
    }

    /** A new connection; the caller closes it. */
    public Connection open() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }

    /**
     * {@code prefix} followed by a random suffix, e.g. {@code orders_k3j9x2ab}: a table or schema name
     * no other test or earlier run uses. Lower case, so it needs no quoting in either database.
     */
    public static String uniqueName(String prefix) {
        if (!NAME_PREFIX.matcher(prefix).matches()) {
            throw new IllegalArgumentException("Name prefix '" + prefix
                    + "' must be 1 to 40 lower-case letters, digits or '_', starting with a letter");
        }
        long random = ThreadLocalRandom.current().nextLong() >>> 1;
        return prefix + "_" + Long.toString(random, 36);
    }

    @Override
    public String toString() {
        return kind.displayName() + " test database from " + description;
    }
}
