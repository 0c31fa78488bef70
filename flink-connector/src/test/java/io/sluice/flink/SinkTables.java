package io.sluice.flink;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The database side of a test: {@code sluice-jdbc} DDL pointing at a test database, and reading tables back. */
final class SinkTables {
    private final TestDatabase database;
    private final List<String> created = new ArrayList<>();

    SinkTables(TestDatabase database) {
        this.database = database;
    }

    /** A new database table name, dropped by {@link #dropAll()}. */
    String newTable(String prefix) {
        String name = TestDatabase.uniqueName(prefix);
        created.add(name);
        return name;
    }

    /** {@code CREATE TABLE flinkName (columns) WITH (sluice-jdbc into databaseTable, auto-created, options...)}. */
    String ddl(String flinkName, String columns, String databaseTable, String... extraOptions) {
        StringBuilder ddl = new StringBuilder("CREATE TABLE " + flinkName + " (" + columns + ") WITH ("
                + "'connector' = 'sluice-jdbc', 'url' = '" + database.jdbcUrl() + "', 'table-name' = '"
                + databaseTable + "', 'sink.auto-create' = 'true'");
        if (database.user() != null) {
            ddl.append(", 'username' = '").append(database.user()).append("'");
        }
        if (database.password() != null) {
            ddl.append(", 'password' = '").append(database.password()).append("'");
        }
        for (int i = 0; i < extraOptions.length; i += 2) {
            ddl.append(", '").append(extraOptions[i]).append("' = '").append(extraOptions[i + 1]).append("'");
        }
        return ddl.append(")").toString();
    }

    /** The rows of {@code query} as {@code [v1, v2]} texts, in the query's order. */
    List<String> rows(String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = database.open(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(query)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> values = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    values.add(result.getString(i));
                }
                rows.add(values.toString());
            }
        }
        return rows;
    }

    void dropAll() throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            for (String table : created) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
        }
        created.clear();
    }
}
