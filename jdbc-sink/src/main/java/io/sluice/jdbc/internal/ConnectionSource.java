package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.SQLException;

/** Where a sink writer gets its connections: the table's pool, or a fake in tests. */
interface ConnectionSource {

    /** A connection to use for one flush; give it back with {@link #release} or {@link #evict}. */
    Connection acquire() throws SQLException;

    /** Returns a healthy connection. */
    void release(Connection connection);

    /** Closes a broken connection so that the next {@link #acquire} gets a new one. */
    void evict(Connection connection);
}
