package io.sluice.api.connector;

import io.sluice.api.data.ChangelogMode;
import java.util.OptionalInt;

/** A table written from a changelog. Created by a {@link DynamicTableFactory}; opens writers. */
public interface TableSink {

    /**
     * Which kinds the sink accepts, given what the query would {@code requested} produce. The planner
     * makes the query produce exactly the answer's kinds (dropping -U when the answer lacks it) and
     * rejects the query when it cannot.
     */
    ChangelogMode getChangelogMode(ChangelogMode requested);

    /**
     * True when the sink needs a declared primary key to take updates or deletes (JDBC); planning then
     * fails with {@code please declare primary key for sink table when query contains update/delete record.}
     */
    default boolean requiresPrimaryKeyForUpdates() {
        return false;
    }

    /** Parallelism the sink asks for ({@code sink.parallelism}), or empty for the job's default. */
    default OptionalInt parallelism() {
        return OptionalInt.empty();
    }

    /** A writer for one parallel subtask. */
    SinkWriter createWriter(SinkContext context) throws Exception;
}
