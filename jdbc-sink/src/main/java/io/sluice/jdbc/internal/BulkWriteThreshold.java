package io.sluice.jdbc.internal;

import io.sluice.jdbc.dialect.TableWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Sends upserts of at least {@code minRows} rows down the dialect's bulk path
 * ({@code sink.bulk-write.min-rows}) and smaller ones down its regular path. The search for a rejected
 * row writes through this too, so each half it tries takes the path its size calls for.
 */
public final class BulkWriteThreshold implements TableWriter {
    private final TableWriter writer;
    private final int minRows;

    private BulkWriteThreshold(TableWriter writer, int minRows) {
        this.writer = writer;
        this.minRows = minRows;
    }

    /** {@code writer} itself when {@code minRows} is 0 (never bulk). */
    public static TableWriter of(TableWriter writer, int minRows) {
        return minRows <= 0 ? writer : new BulkWriteThreshold(writer, minRows);
    }

    @Override
    public WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException {
        return rows.size() >= minRows ? writer.bulkUpsert(connection, rows) : writer.upsert(connection, rows);
    }

    @Override
    public WriteStats delete(Connection connection, List<Object[]> rows) throws SQLException {
        return writer.delete(connection, rows);
    }

    @Override
    public WriteStats insert(Connection connection, List<Object[]> rows) throws SQLException {
        return writer.insert(connection, rows);
    }

    @Override
    public String strategy() {
        return writer.strategy() + ", bulk from " + minRows + " rows";
    }
}
