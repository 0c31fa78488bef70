package io.sluice.it.exactlyonce;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Target tables {@code (k INT PRIMARY KEY, val BIGINT)} whose every insert and update a trigger copies
 * into one audit table, in the order the database applied them: what a downstream consumer of the
 * table's changes would receive.
 */
final class AuditedTables {
    private final TestDatabase database;
    private final String audit;
    private final List<String> targets;

    /** One audited change: table, key, value. */
    record Change(String table, int key, long value) {
    }

    AuditedTables(TestDatabase database, String audit, List<String> targets) {
        this.database = database;
        this.audit = audit;
        this.targets = targets;
    }

    void create() throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            boolean postgres = database.kind() == TestDatabase.Kind.POSTGRES;
            statement.execute("CREATE TABLE " + audit + " (seq " + (postgres ? "BIGSERIAL" : "BIGINT AUTO_INCREMENT")
                    + " PRIMARY KEY, tbl VARCHAR(64) NOT NULL, k INT NOT NULL, val BIGINT NOT NULL)");
            if (postgres) {
                statement.execute("CREATE FUNCTION " + audit + "_fn() RETURNS trigger AS $$ BEGIN INSERT INTO " + audit
                        + " (tbl, k, val) VALUES (TG_TABLE_NAME, NEW.k, NEW.val); RETURN NEW; END $$ LANGUAGE plpgsql");
            }
            for (String target : targets) {
                statement.execute("CREATE TABLE " + target + " (k INT NOT NULL PRIMARY KEY, val BIGINT)");
                for (String event : List.of("INSERT", "UPDATE")) {
                    statement.execute(postgres
                            ? "CREATE TRIGGER " + target + "_" + event + " AFTER " + event + " ON " + target
                                    + " FOR EACH ROW EXECUTE FUNCTION " + audit + "_fn()"
                            : "CREATE TRIGGER " + target + "_" + event + " AFTER " + event + " ON " + target
                                    + " FOR EACH ROW INSERT INTO " + audit + " (tbl, k, val) VALUES ('" + target
                                    + "', NEW.k, NEW.val)");
                }
            }
        }
    }

    void drop(String progressTable) throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            for (String table : List.of(String.join(", ", targets), audit, progressTable)) {
                statement.execute("DROP TABLE IF EXISTS " + table);
            }
            if (database.kind() == TestDatabase.Kind.POSTGRES) {
                statement.execute("DROP FUNCTION IF EXISTS " + audit + "_fn()");
            }
        }
    }

    /** The audited changes in the order they were applied. */
    List<Change> changes() throws SQLException {
        List<Change> changes = new ArrayList<>();
        try (Connection connection = database.open(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT tbl, k, val FROM " + audit + " ORDER BY seq")) {
            while (rows.next()) {
                changes.add(new Change(rows.getString(1).toLowerCase(), rows.getInt(2), rows.getLong(3)));
            }
        }
        return changes;
    }

    /** {@code target}'s rows, key to value, read on {@code connection}. */
    static Map<Integer, Long> read(Connection connection, String target) throws SQLException {
        Map<Integer, Long> rows = new HashMap<>();
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT k, val FROM " + target)) {
            while (result.next()) {
                rows.put(result.getInt(1), result.getLong(2));
            }
        }
        return rows;
    }
}
