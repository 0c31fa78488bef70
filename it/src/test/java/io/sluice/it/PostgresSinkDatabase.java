package io.sluice.it;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/** PostgreSQL: the sink's sessions carry an {@code ApplicationName}; TIMESTAMP_LTZ is {@code timestamptz}. */
final class PostgresSinkDatabase extends SinkDatabase {
    private static final String KILL_TAGGED = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            + " WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ?";

    PostgresSinkDatabase(TestDatabase database) {
        super(database);
    }

    @Override
    Instant readInstant(ResultSet result, int column) throws SQLException {
        OffsetDateTime value = result.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    @Override
    SinkSessions sinkSessions(String tag) {
        String url = database().jdbcUrl();
        String taggedUrl = url + (url.contains("?") ? "&" : "?") + "ApplicationName=" + tag;
        return new SinkSessions() {
            @Override
            public String jdbcUrl() {
                return taggedUrl;
            }

            @Override
            public String qualified(String table) {
                return table;
            }

            @Override
            public int killAll() throws SQLException {
                try (Connection connection = database().open();
                     PreparedStatement kill = connection.prepareStatement(KILL_TAGGED)) {
                    kill.setString(1, tag);
                    int killed = 0;
                    try (ResultSet result = kill.executeQuery()) {
                        while (result.next()) {
                            killed += result.getBoolean(1) ? 1 : 0;
                        }
                    }
                    return killed;
                }
            }

            @Override
            public void close() {
            }
        };
    }
}
