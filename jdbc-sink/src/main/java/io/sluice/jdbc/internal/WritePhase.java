package io.sluice.jdbc.internal;

import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.TableWriter.WriteStats;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** The statements of one flush, in the order they are sent: inserts, then upserts, then deletes. */
enum WritePhase {
    INSERT, UPSERT, DELETE;

    /** Sends {@code rows} as this phase's statements. */
    WriteStats write(TableWriter writer, Connection connection, List<Object[]> rows) throws SQLException {
        return switch (this) {
            case INSERT -> writer.insert(connection, rows);
            case UPSERT -> writer.upsert(connection, rows);
            case DELETE -> writer.delete(connection, rows);
        };
    }
}
