package io.sluice.it;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowText;
import io.sluice.api.types.TypeRoot;
import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A test database as the target of scripts: the environment and {@code WITH} options their
 * {@code jdbc} tables need, and plain JDBC to prepare tables and read them back, independently of
 * Sluice. Tables named through {@link #newTableName} are dropped by {@link #dropCreatedTables}.
 */
abstract class SinkDatabase {
    /** Script variables holding where the sink connects. */
    static final String URL_VARIABLE = "SINK_URL";
    static final String USER_VARIABLE = "SINK_USER";
    static final String PASSWORD_VARIABLE = "SINK_PASSWORD";

    private final TestDatabase database;
    private final List<String> createdTables = new ArrayList<>();

    SinkDatabase(TestDatabase database) {
        this.database = database;
    }

    static SinkDatabase of(TestDatabase database) {
        return switch (database.kind()) {
            case POSTGRES -> new PostgresSinkDatabase(database);
            case MYSQL -> new MariaDbSinkDatabase(database);
        };
    }

    TestDatabase database() {
        return database;
    }

    /** A table name no other test uses, dropped after the test. */
    String newTableName(String prefix) {
        String name = TestDatabase.uniqueName(prefix);
        createdTables.add(name);
        return name;
    }

    /** The {@code ${VAR}} values of {@link #jdbcOptions}: the database's URL, user and password. */
    Map<String, String> scriptEnvironment() {
        Map<String, String> environment = new HashMap<>();
        environment.put(URL_VARIABLE, database.jdbcUrl());
        environment.put(USER_VARIABLE, database.user() == null ? "" : database.user());
        environment.put(PASSWORD_VARIABLE, database.password() == null ? "" : database.password());
        return environment;
    }

    /**
     * The body of a {@code WITH (...)} clause for a {@code jdbc} table writing to {@code table}, created
     * when missing, followed by {@code extraOptions} such as {@code 'sink.buffer-flush.max-rows' = '1'}.
     */
    String jdbcOptions(String table, String... extraOptions) {
        StringBuilder options = new StringBuilder("'connector' = 'jdbc', 'url' = '${" + URL_VARIABLE + "}', ")
                .append("'table-name' = '").append(table).append("', 'sink.auto-create' = 'true'");
        if (database.user() != null) {
            options.append(", 'username' = '${" + USER_VARIABLE + "}', 'password' = '${" + PASSWORD_VARIABLE + "}'");
        }
        for (String option : extraOptions) {
            options.append(", ").append(option);
        }
        return options.toString();
    }

    void execute(String... statements) throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /**
     * The rows of {@code table} in their text form ({@code +I[a, 1]}), sorted: {@code columns} read as
     * the Java values of {@code types}, the same values a Sluice row holds.
     */
    List<String> read(String table, String columns, TypeRoot... types) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = database.open(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT " + columns + " FROM " + table)) {
            while (result.next()) {
                Object[] values = new Object[types.length];
                for (int i = 0; i < types.length; i++) {
                    Object value = readValue(result, i + 1, types[i]);
                    values[i] = result.wasNull() ? null : value;
                }
                rows.add(RowText.format(Row.insert(values)));
            }
        }
        rows.sort(null);
        return rows;
    }

    long count(String table) throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
            result.next();
            return result.getLong(1);
        }
    }

    void dropCreatedTables() throws SQLException {
        for (String table : createdTables) {
            execute("DROP TABLE IF EXISTS " + table);
        }
        createdTables.clear();
    }

    /**
     * A way to find and kill the sessions of a sink, told apart from every other session of the
     * database: the sink connects with {@link SinkSessions#jdbcUrl()}.
     */
    abstract SinkSessions sinkSessions(String tag) throws SQLException;

    /** A TIMESTAMP_LTZ column's value, as the dialect stores it. */
    abstract Instant readInstant(ResultSet result, int column) throws SQLException;

    /**
     * What follows the column list of a test's own {@code CREATE TABLE} so that its string keys compare
     * exactly, as the sink requires; none where the database's default does.
     */
    String exactKeyTableOptions() {
        return "";
    }

    private Object readValue(ResultSet result, int column, TypeRoot type) throws SQLException {
        return switch (type) {
            case BOOLEAN -> result.getBoolean(column);
            case TINYINT -> result.getByte(column);
            case SMALLINT -> result.getShort(column);
            case INT -> result.getInt(column);
            case BIGINT -> result.getLong(column);
            case FLOAT -> result.getFloat(column);
            case DOUBLE -> result.getDouble(column);
            case DECIMAL -> result.getBigDecimal(column);
            case CHAR, VARCHAR -> result.getString(column);
            case DATE -> result.getObject(column, LocalDate.class);
            case TIME -> result.getObject(column, LocalTime.class);
            case TIMESTAMP -> result.getObject(column, LocalDateTime.class);
            case TIMESTAMP_LTZ -> readInstant(result, column);
            case BYTES -> result.getBytes(column);
            case ROW, MAP -> throw new IllegalArgumentException("a JDBC table has no " + type + " columns");
        };
    }

    /** The sessions of one sink, and the URL that marks them as its own. */
    interface SinkSessions extends AutoCloseable {
        /** The URL the sink must connect with so that its sessions can be found. */
        String jdbcUrl();

        /** {@code table} as a reader outside the sink's sessions must name it. */
        String qualified(String table);

        /** Kills the sink's sessions now; how many there were. */
        int killAll() throws SQLException;

        @Override
        void close() throws SQLException;
    }
}
