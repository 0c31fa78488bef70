package io.sluice.bench.sink;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * A database the sink benchmark writes into, and the batch strategies its dialect offers, each selected
 * by the driver the sink is given.
 *
 * @param name       for the report, such as {@code PostgreSQL}
 * @param url        the JDBC URL
 * @param user       the user, or null
 * @param password   the password, or null; never printed
 * @param strategies the batch strategies to measure
 */
public record SinkDatabase(String name, String url, String user, String password, List<Strategy> strategies) {

    /**
     * A batch strategy of a dialect.
     *
     * @param name    as the report shows it
     * @param driver  the driver class that makes the dialect choose it
     * @param options table options that select it, such as {@code sink.bulk-write.min-rows}
     */
    public record Strategy(String name, Class<? extends Driver> driver, Map<String, String> options) {
    }

    private static final Map<String, String> NO_BULK = Map.of("sink.bulk-write.min-rows", "0");

    /**
     * PostgreSQL: set-based through arrays ({@code unnest}, {@code = ANY}), JDBC batches without arrays,
     * or COPY into a staging table for every flush's upserts. COPY goes around the counting driver (pgjdbc's own
     * API), so only its create and apply statements are counted.
     */
    public static SinkDatabase postgres(String url, String user, String password) {
        return new SinkDatabase("PostgreSQL", url, user, password, List.of(
                new Strategy("unnest + = ANY (arrays)", CountingDriver.class, NO_BULK),
                new Strategy("JDBC batch (driver without arrays)", ArraylessDriver.class, NO_BULK),
                new Strategy("COPY (binary) + staging table", CountingDriver.class,
                        Map.of("sink.bulk-write.min-rows", "1"))));
    }

    /** MariaDB/MySQL: multi-row {@code INSERT ... ON DUPLICATE KEY UPDATE} and {@code DELETE ... IN}, its only strategy. */
    public static SinkDatabase mariadb(String url, String user, String password) {
        return new SinkDatabase("MariaDB", url, user, password,
                List.of(new Strategy("multi-row VALUES + IN", CountingDriver.class, NO_BULK)));
    }

    /** The databases on this machine, or where {@code SLUICE_PG_URL} / {@code SLUICE_MYSQL_URL} (+ _USER, _PASSWORD) say. */
    public static Map<String, SinkDatabase> fromEnvironment(Map<String, String> environment) {
        return Map.of(
                "postgres", postgres(environment.getOrDefault("SLUICE_PG_URL", "jdbc:postgresql://127.0.0.1:5432/test"),
                        environment.getOrDefault("SLUICE_PG_USER", "postgres"), environment.get("SLUICE_PG_PASSWORD")),
                "mariadb", mariadb(environment.getOrDefault("SLUICE_MYSQL_URL", "jdbc:mariadb://127.0.0.1:3306/test"),
                        environment.getOrDefault("SLUICE_MYSQL_USER", "root"), environment.get("SLUICE_MYSQL_PASSWORD")));
    }

    /** A plain connection through the real driver, for preparing and checking tables. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /** The server's version text. */
    public String serverVersion() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT version()")) {
            result.next();
            return result.getString(1);
        }
    }

    @Override
    public String toString() {
        // The query string may carry a password.
        return name + " at " + url.replaceFirst("\\?.*", "");
    }
}
