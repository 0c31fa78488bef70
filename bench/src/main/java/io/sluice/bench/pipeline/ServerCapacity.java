package io.sluice.bench.pipeline;

import io.sluice.bench.pipeline.OrdersChangelog.Change;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;

/**
 * The database's own speed for the job's rows, with no client in the way: every flush of a synchronous
 * writer ({@link OrdersChangelog#flushes}) is loaded into a staging table first (not timed), then applied
 * flush by flush with one {@code INSERT ... SELECT} and one {@code DELETE} from the staging table, each
 * flush in its own transaction, as the sink commits them. The rows applied per second are the most a
 * sink could write with flushes of that size.
 */
final class ServerCapacity {
    private static final int LOAD_BATCH = 10_000;

    private ServerCapacity() {
    }

    /**
     * @return rows applied per second
     */
    static double measure(PipelineDatabase database, List<List<Change>> flushes, String table) throws SQLException {
        String stage = table + "_stage";
        try (Connection connection = database.connectForLoading()) {
            execute(connection, database.createTable(table));
            for (String statement : database.createStage(stage)) {
                execute(connection, statement);
            }
            try {
                load(connection, stage, flushes);
                execute(connection, database.analyze(stage));
                return apply(connection, database, table, stage, flushes);
            } finally {
                execute(connection, "DROP TABLE " + stage);
                execute(connection, "DROP TABLE " + table);
            }
        }
    }

    private static void load(Connection connection, String stage, List<List<Change>> flushes) throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + stage
                + " (flush, del, id, tenant, amount, status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            int batched = 0;
            for (int flush = 0; flush < flushes.size(); flush++) {
                for (Change change : flushes.get(flush)) {
                    insert.setInt(1, flush);
                    insert.setInt(2, change.delete() ? 1 : 0);
                    insert.setLong(3, change.id());
                    insert.setInt(4, change.tenant());
                    insert.setBigDecimal(5, change.amount());
                    insert.setString(6, change.status());
                    insert.setTimestamp(7, Timestamp.valueOf(change.updatedAt()));
                    insert.addBatch();
                    if (++batched % LOAD_BATCH == 0) {
                        insert.executeBatch();
                    }
                }
            }
            insert.executeBatch();
            connection.commit();
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private static double apply(Connection connection, PipelineDatabase database, String table, String stage,
                                List<List<Change>> flushes) throws SQLException {
        long rows = flushes.stream().mapToLong(List::size).sum();
        connection.setAutoCommit(false);
        try (PreparedStatement upsert = connection.prepareStatement(database.upsertFromStage(table, stage));
                PreparedStatement delete = connection.prepareStatement(database.deleteFromStage(table, stage))) {
            long start = System.nanoTime();
            for (int flush = 0; flush < flushes.size(); flush++) {
                upsert.setInt(1, flush);
                upsert.executeUpdate();
                delete.setInt(1, flush);
                delete.executeUpdate();
                connection.commit();
            }
            return rows / ((System.nanoTime() - start) / 1e9);
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
