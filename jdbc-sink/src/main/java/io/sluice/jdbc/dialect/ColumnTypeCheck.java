package io.sluice.jdbc.dialect;

import io.sluice.api.options.ValidationException;
import io.sluice.api.types.LogicalType;

/**
 * The one wording of a declared type a database cannot hold, for {@link JdbcDialect#validateType}:
 * every dialect names the table, the column, the declared type and the limit the same way.
 */
public final class ColumnTypeCheck {

    private ColumnTypeCheck() {
    }

    /**
     * Does nothing when {@code holds}; otherwise fails.
     *
     * @param reason the database's limit and, where there is one, what to declare instead
     * @throws ValidationException {@code Table 't' column 'c' is declared TYPE, which the database cannot
     *     hold: reason.}
     */
    public static void require(boolean holds, String tableName, String column, LogicalType type, String reason) {
        if (!holds) {
            throw new ValidationException("Table '" + tableName + "' column '" + column + "' is declared " + type
                    + ", which the database cannot hold: " + reason + ".");
        }
    }

    /**
     * For a dialect's switch over column types: the sink refuses ROW columns when the table is planned, so
     * a dialect never sees one.
     */
    public static IllegalStateException notScalar(LogicalType type) {
        return new IllegalStateException("A JDBC column cannot hold " + type + "; the sink refuses such columns");
    }
}
