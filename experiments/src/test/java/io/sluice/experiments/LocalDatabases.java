package io.sluice.experiments;

/**
 * This machine's PostgreSQL and MariaDB, as the CI script names them ({@code SLUICE_IT_POSTGRES_URL},
 * {@code _USER}, {@code _PASSWORD}, the same for {@code SLUICE_IT_MYSQL}), else their local defaults. A
 * test that cannot connect fails: it never skips.
 */
final class LocalDatabases {

    private LocalDatabases() {
    }

    static DatabaseTarget postgres() {
        return fromEnvironment("SLUICE_IT_POSTGRES", "jdbc:postgresql://127.0.0.1:5432/test", "postgres");
    }

    static DatabaseTarget mariadb() {
        return fromEnvironment("SLUICE_IT_MYSQL", "jdbc:mariadb://127.0.0.1:3306/test", "root");
    }

    private static DatabaseTarget fromEnvironment(String prefix, String url, String user) {
        return new DatabaseTarget(variable(prefix + "_URL", url), variable(prefix + "_USER", user),
                variable(prefix + "_PASSWORD", ""));
    }

    private static String variable(String name, String otherwise) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? otherwise : value;
    }
}
