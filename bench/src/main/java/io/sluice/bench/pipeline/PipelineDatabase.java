package io.sluice.bench.pipeline;

import io.sluice.bench.sink.SinkDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A database {@code bench/run pipeline} writes into, with what differs between PostgreSQL and MariaDB:
 * the table's DDL and the statements that apply one flush server-side from a staging table.
 */
record PipelineDatabase(SinkDatabase target) {

    /** The databases the sink benchmark finds, by name ({@code postgres}, {@code mariadb}). */
    static Map<String, PipelineDatabase> fromEnvironment(Map<String, String> environment) {
        Map<String, PipelineDatabase> databases = new LinkedHashMap<>();
        SinkDatabase.fromEnvironment(environment).forEach((name, target) -> databases.put(name, new PipelineDatabase(target)));
        return databases;
    }

    String name() {
        return target.name();
    }

    private boolean postgres() {
        return target.url().startsWith("jdbc:postgresql:");
    }

    Connection connect() throws SQLException {
        return target.connect();
    }

    /** The orders table, empty, keyed by id. */
    String createTable(String table) {
        return "CREATE TABLE " + table + " (id BIGINT NOT NULL PRIMARY KEY, " + valueColumns() + ")";
    }

    /**
     * The staging table: every flush's rows, numbered by flush, {@code del} = 1 for a delete, with
     * statistics so that each flush's rows are found through the index.
     */
    List<String> createStage(String stage) {
        return List.of("CREATE TABLE " + stage + " (flush INT NOT NULL, del INT NOT NULL, id BIGINT NOT NULL, "
                + valueColumns() + ")", "CREATE INDEX " + stage + "_flush ON " + stage + " (flush, del)");
    }

    String analyze(String stage) {
        return postgres() ? "ANALYZE " + stage : "ANALYZE TABLE " + stage;
    }

    // MariaDB gives a TIMESTAMP column automatic values; DATETIME holds the same without them.
    private String valueColumns() {
        return "tenant INT, amount DECIMAL(12, 2), status VARCHAR(16), updated_at "
                + (postgres() ? "TIMESTAMP(3)" : "DATETIME(3)");
    }

    /** Applies the upserts staged for flush {@code ?} to {@code table}. */
    String upsertFromStage(String table, String stage) {
        String select = "SELECT id, tenant, amount, status, updated_at FROM " + stage + " WHERE flush = ? AND del = 0";
        return postgres()
                ? "INSERT INTO " + table + " " + select + " ON CONFLICT (id) DO UPDATE SET tenant = EXCLUDED.tenant, "
                        + "amount = EXCLUDED.amount, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at"
                : "INSERT INTO " + table + " " + select + " ON DUPLICATE KEY UPDATE tenant = VALUES(tenant), "
                        + "amount = VALUES(amount), status = VALUES(status), updated_at = VALUES(updated_at)";
    }

    /** Deletes the keys staged for flush {@code ?} from {@code table}. */
    String deleteFromStage(String table, String stage) {
        return postgres()
                ? "DELETE FROM " + table + " WHERE id IN (SELECT id FROM " + stage + " WHERE flush = ? AND del = 1)"
                : "DELETE t FROM " + table + " t JOIN " + stage + " s ON t.id = s.id WHERE s.flush = ? AND s.del = 1";
    }

    /** A connection for loading the staging table fast: batches rewritten into multi-row inserts. */
    Connection connectForLoading() throws SQLException {
        String option = postgres() ? "reWriteBatchedInserts=true" : "rewriteBatchedStatements=true";
        String url = target.url();
        return DriverManager.getConnection(url + (url.contains("?") ? "&" : "?") + option, target.user(),
                target.password());
    }
}
