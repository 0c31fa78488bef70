package io.sluice.bench;

import io.sluice.bench.UpsertChangelog.Change;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flushes the way the jdbc sink does: the last change per key since the previous flush, every
 * {@code maxRows} changes received; upserts then deletes, committed together.
 */
final class ReducingFlusher {
    private final TableWriter writer;
    private final Connection connection;
    private final int maxRows;
    private final Map<Long, Change> pending = new LinkedHashMap<>();
    private int received;
    private int flushes;
    private WriteStats stats = WriteStats.NONE;

    ReducingFlusher(TableWriter writer, Connection connection, int maxRows) throws SQLException {
        this.writer = writer;
        this.connection = connection;
        this.maxRows = maxRows;
        connection.setAutoCommit(false);
    }

    void add(Change change) throws SQLException {
        pending.put(change.key(), change);
        if (++received == maxRows) {
            flush();
        }
    }

    void flush() throws SQLException {
        if (pending.isEmpty()) {
            return;
        }
        List<Object[]> upserts = new ArrayList<>();
        List<Object[]> deletes = new ArrayList<>();
        for (Change change : pending.values()) {
            (change.delete() ? deletes : upserts).add(change.row());
        }
        stats = stats.plus(writer.upsert(connection, upserts)).plus(writer.delete(connection, deletes));
        connection.commit();
        pending.clear();
        received = 0;
        flushes++;
    }

    int flushes() {
        return flushes;
    }

    WriteStats stats() {
        return stats;
    }
}
