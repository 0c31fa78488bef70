package io.sluice.experiments;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The table the experiment's job writes and its observer reads, in the same form on PostgreSQL and
 * MariaDB. An index on {@code seq} keeps the observer's {@code max(seq)} a single index probe.
 */
final class ExperimentTable {
    static final String NAME = "flush_boundary";

    private ExperimentTable() {
    }

    /** Drops what an earlier run left and creates the table empty. */
    static void recreate(DatabaseTarget target) throws SQLException {
        try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + NAME);
            statement.execute("CREATE TABLE " + NAME
                    + " (id BIGINT NOT NULL PRIMARY KEY, amount BIGINT NOT NULL, seq BIGINT NOT NULL)");
            statement.execute("CREATE INDEX " + NAME + "_seq ON " + NAME + " (seq)");
        }
    }

    /** The observed key's amount (NULL when absent) and the highest committed {@code seq}, in one snapshot. */
    static String pollQuery() {
        return "SELECT (SELECT amount FROM " + NAME + " WHERE id = " + ChangelogGenerator.KEY + "), "
                + "(SELECT max(seq) FROM " + NAME + ")";
    }
}
