package io.sluice.flink;

import io.sluice.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The database table of {@link UpsertChangelog} created before the job, with triggers that copy every
 * row written into it ({@code W}: insert or update, with the new version) and every row deleted from it
 * ({@code D}, with the old version) into an audit table: what a consumer of the table's changes receives.
 * Versions only grow per key, so a change the database applied twice shows as a repeated audit entry.
 */
final class AuditedTable {
    private final TestDatabase database;
    private final String table;
    private final String audit;

    AuditedTable(TestDatabase database, String table, String audit) {
        this.database = database;
        this.table = table;
        this.audit = audit;
    }

    void create() throws SQLException {
        boolean postgres = database.kind() == TestDatabase.Kind.POSTGRES;
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + table + " (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(100), "
                    + "amount DECIMAL(12, 2), ts " + (postgres ? "TIMESTAMP(3)" : "DATETIME(3)") + ", version BIGINT)");
            statement.execute("CREATE TABLE " + audit + " (id BIGINT NOT NULL, version BIGINT, op CHAR(1) NOT NULL)");
            if (postgres) {
                statement.execute("CREATE FUNCTION " + audit + "_fn() RETURNS trigger AS $$ BEGIN IF TG_OP = 'DELETE' "
                        + "THEN INSERT INTO " + audit + " VALUES (OLD.id, OLD.version, 'D'); ELSE INSERT INTO " + audit
                        + " VALUES (NEW.id, NEW.version, 'W'); END IF; RETURN NULL; END $$ LANGUAGE plpgsql");
                statement.execute("CREATE TRIGGER " + audit + "_tr AFTER INSERT OR UPDATE OR DELETE ON " + table
                        + " FOR EACH ROW EXECUTE FUNCTION " + audit + "_fn()");
                return;
            }
            for (String event : List.of("INSERT", "UPDATE", "DELETE")) {
                String values = event.equals("DELETE") ? "(OLD.id, OLD.version, 'D')" : "(NEW.id, NEW.version, 'W')";
                statement.execute("CREATE TRIGGER " + audit + "_" + event.toLowerCase() + " AFTER " + event + " ON "
                        + table + " FOR EACH ROW INSERT INTO " + audit + " VALUES " + values);
            }
        }
    }

    /** Drops the trigger function; {@link SinkTables} drops the tables (and with them their triggers). */
    void dropFunction() throws SQLException {
        if (database.kind() == TestDatabase.Kind.POSTGRES) {
            try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
                statement.execute("DROP FUNCTION IF EXISTS " + audit + "_fn() CASCADE");
            }
        }
    }

    /** Every audit entry as {@code op id@version}. */
    List<String> entries() throws SQLException {
        List<String> entries = new ArrayList<>();
        try (Connection connection = database.open(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT op, id, version FROM " + audit)) {
            while (rows.next()) {
                entries.add(rows.getString(1) + " " + rows.getLong(2) + "@" + rows.getLong(3));
            }
        }
        return entries;
    }
}
