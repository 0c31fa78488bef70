package io.sluice.examples.h2;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.PrimaryKeyCheck;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * H2: double-quoted identifiers, {@code MERGE INTO ... KEY (...)} for upserts, and JDBC batches for
 * every write (an embedded database has no network round trips worth saving with multi-row
 * statements). Every identifier is quoted, so names are case-sensitive: a table created by hand with
 * unquoted names is stored in upper case and must be declared that way.
 */
final class H2Dialect implements JdbcDialect {
    private static final PrimaryKeyCheck KEY_CHECK = new PrimaryKeyCheck(false,
            "a row that collides on it makes the MERGE fail with a unique constraint violation");

    @Override
    public String name() {
        return "h2";
    }

    /** This example serves embedded H2 (in memory or in a file), which has no network to wait for. */
    @Override
    public Map<String, String> driverProperties(String url, ConnectionTimeouts timeouts) {
        return Map.of();
    }

    @Override
    public String defaultDriverClass(String url) {
        return "org.h2.Driver";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /** H2 holds every connector-API type (up to nine fractional digits, DECIMAL precision far above 38). */
    @Override
    public void validateType(String tableName, String column, LogicalType type) {
    }

    @Override
    public String columnType(String tableName, Column column, boolean key) {
        return H2Types.columnType(column.type());
    }

    @Override
    public TableWriter openWriter(Connection connection, TableDefinition table) throws SQLException {
        KEY_CHECK.verify(table, H2Catalog.keys(connection, table.tableName()));
        // The standard JDBC 4.2 binding (the default valueCodec()) fits H2: java.time values pass
        // unconverted, and TIMESTAMP WITH TIME ZONE takes an OffsetDateTime, so no value depends on the
        // JVM's default time zone.
        return new H2TableWriter(new H2Statements(table, quoteTableName(table.tableName()), this::quoteIdentifier),
                valueCodec(), table);
    }
}
