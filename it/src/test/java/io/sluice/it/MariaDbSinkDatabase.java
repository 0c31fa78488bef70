package io.sluice.it;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MariaDB (and MySQL): the process list shows no application name, so a sink whose sessions must be
 * found connects to a database of its own. TIMESTAMP_LTZ is a {@code DATETIME} holding UTC.
 */
final class MariaDbSinkDatabase extends SinkDatabase {
    /** {@code jdbc:mariadb://host:port} / database / {@code ?parameters}. */
    private static final Pattern URL = Pattern.compile("(jdbc:[a-z]+://[^/?]*)(/[^?]*)?(\\?.*)?");
    private static final String SINK_SESSIONS = "SELECT id FROM information_schema.processlist"
            + " WHERE db = ? AND id <> CONNECTION_ID()";
    /** MariaDB's error when the session ended by itself before the KILL. */
    private static final int UNKNOWN_THREAD = 1094;

    MariaDbSinkDatabase(TestDatabase database) {
        super(database);
    }

    @Override
    Instant readInstant(ResultSet result, int column) throws SQLException {
        LocalDateTime value = result.getObject(column, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }

    @Override
    String exactKeyTableOptions() {
        return " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin";
    }

    @Override
    SinkSessions sinkSessions(String tag) throws SQLException {
        Matcher url = URL.matcher(database().jdbcUrl());
        if (!url.matches()) {
            throw new IllegalStateException("Cannot tell the database in " + database());
        }
        execute("CREATE DATABASE " + tag);
        String taggedUrl = url.group(1) + "/" + tag + (url.group(3) == null ? "" : url.group(3));
        return new SinkSessions() {
            @Override
            public String jdbcUrl() {
                return taggedUrl;
            }

            @Override
            public String qualified(String table) {
                return tag + "." + table;
            }

            @Override
            public int killAll() throws SQLException {
                try (Connection connection = database().open()) {
                    int killed = 0;
                    for (long id : sessionsIn(connection, tag)) {
                        killed += kill(connection, id) ? 1 : 0;
                    }
                    return killed;
                }
            }

            @Override
            public void close() throws SQLException {
                execute("DROP DATABASE IF EXISTS " + tag);
            }
        };
    }

    private static List<Long> sessionsIn(Connection connection, String databaseName) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(SINK_SESSIONS)) {
            query.setString(1, databaseName);
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    ids.add(result.getLong(1));
                }
            }
        }
        return ids;
    }

    private static boolean kill(Connection connection, long id) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("KILL " + id);
            return true;
        } catch (SQLException e) {
            if (e.getErrorCode() == UNKNOWN_THREAD) {
                return false;
            }
            throw e;
        }
    }
}
