package io.sluice.jdbc.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Writes batches into one table with the statements and batch strategy its dialect chose. The sink
 * core calls it inside its own transaction and retries; a writer neither commits nor retries.
 *
 * <p>Rows are field arrays in the table's declared column order. The reduce buffer guarantees at most
 * one row per key in one call, so multi-row statements are safe.
 */
public interface TableWriter {

    /** Inserts or updates each row by primary key. Returns what was sent. */
    WriteStats upsert(Connection connection, List<Object[]> rows) throws SQLException;

    /** Deletes the rows whose primary key equals one of the given rows' key fields. */
    WriteStats delete(Connection connection, List<Object[]> rows) throws SQLException;

    /**
     * Upserts a large batch the fastest way the database has, such as PostgreSQL's {@code COPY} into a
     * staging table; the sink calls it for flushes of at least {@code sink.bulk-write.min-rows} rows,
     * inside the flush's transaction. By default the same as {@link #upsert}.
     */
    default WriteStats bulkUpsert(Connection connection, List<Object[]> rows) throws SQLException {
        return upsert(connection, rows);
    }

    /** Plain inserts, for tables without a primary key. */
    WriteStats insert(Connection connection, List<Object[]> rows) throws SQLException;

    /** The batch strategy in use, for logs and benchmarks, such as {@code unnest} or {@code multi-row-values}. */
    String strategy();

    /** Statements sent and round trips made by one call. */
    record WriteStats(int statements, int roundTrips) {
        public static final WriteStats NONE = new WriteStats(0, 0);

        public WriteStats plus(WriteStats other) {
            return new WriteStats(statements + other.statements, roundTrips + other.roundTrips);
        }
    }
}
