package io.sluice.it.docs;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fresh PostgreSQL schema and MySQL database for one run of the documentation, so that the fixed
 * table names of the examples (word_counts, leaderboard, ...) start empty every time, and the URLs
 * that lead to them in the variables the examples read: {@code SLUICE_PG_URL} and {@code SLUICE_MYSQL_URL}.
 */
final class ScratchDatabases implements AutoCloseable {
    /** {@code jdbc:mariadb://host:port} / database / {@code ?parameters}. */
    private static final Pattern MYSQL_URL = Pattern.compile("(jdbc:[a-z]+://[^/?]*)(/[^?]*)?(?:\\?(.*))?");

    private final TestDatabase postgres;
    private final TestDatabase mysql;
    private final String name = TestDatabase.uniqueName("docs");

    private ScratchDatabases(TestDatabase postgres, TestDatabase mysql) {
        this.postgres = postgres;
        this.mysql = mysql;
    }

    static ScratchDatabases create(TestDatabase postgres, TestDatabase mysql) throws SQLException {
        ScratchDatabases scratch = new ScratchDatabases(postgres, mysql);
        execute(postgres, "CREATE SCHEMA " + scratch.name);
        execute(mysql, "CREATE DATABASE " + scratch.name);
        return scratch;
    }

    /** The variables a documented command runs with. */
    Map<String, String> environment() {
        return Map.of("SLUICE_PG_URL", postgresUrl(), "SLUICE_MYSQL_URL", mysqlUrl());
    }

    private String postgresUrl() {
        String url = postgres.jdbcUrl();
        return withCredentials(url + (url.contains("?") ? "&" : "?") + "currentSchema=" + name, postgres);
    }

    private String mysqlUrl() {
        Matcher url = MYSQL_URL.matcher(mysql.jdbcUrl());
        if (!url.matches()) {
            throw new IllegalStateException("Cannot tell the database in " + mysql);
        }
        return withCredentials(url.group(1) + "/" + name + (url.group(3) == null ? "" : "?" + url.group(3)), mysql);
    }

    // The examples take one URL, so user and password travel in it, as both drivers allow.
    private static String withCredentials(String url, TestDatabase database) {
        StringBuilder withUser = new StringBuilder(url);
        if (database.user() != null && !url.contains("user=")) {
            withUser.append(withUser.indexOf("?") < 0 ? '?' : '&').append("user=").append(database.user());
        }
        if (database.password() != null && !url.contains("password=")) {
            withUser.append(withUser.indexOf("?") < 0 ? '?' : '&').append("password=").append(database.password());
        }
        return withUser.toString();
    }

    @Override
    public void close() throws SQLException {
        execute(postgres, "DROP SCHEMA " + name + " CASCADE");
        execute(mysql, "DROP DATABASE " + name);
    }

    private static void execute(TestDatabase database, String sql) throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
