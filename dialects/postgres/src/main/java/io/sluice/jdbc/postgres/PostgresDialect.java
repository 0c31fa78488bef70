package io.sluice.jdbc.postgres;

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
 * PostgreSQL: double-quoted identifiers, {@code INSERT ... ON CONFLICT}, set-based writes through
 * arrays, and {@code timestamptz} for TIMESTAMP_LTZ.
 */
final class PostgresDialect implements JdbcDialect {
    private static final PrimaryKeyCheck KEY_CHECK = new PrimaryKeyCheck(false,
            "a row that collides on it fails the flush with a unique violation, since ON CONFLICT names the"
                    + " primary key only");

    @Override
    public String name() {
        return "postgres";
    }

    /** pgjdbc bounds the TCP connect and the login separately, in whole seconds. */
    @Override
    public Map<String, String> driverProperties(String url, ConnectionTimeouts timeouts) {
        String connect = ConnectionTimeouts.seconds(timeouts.connect());
        return Map.of("reWriteBatchedInserts", "true", "connectTimeout", connect, "loginTimeout", connect,
                "socketTimeout", ConnectionTimeouts.seconds(timeouts.socket()));
    }

    @Override
    public String defaultDriverClass(String url) {
        return "org.postgresql.Driver";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @Override
    public void validateType(String tableName, String column, LogicalType type) {
        PostgresTypes.validate(tableName, column, type);
    }

    @Override
    public String columnType(String tableName, Column column, boolean key) {
        return PostgresTypes.columnType(column.type());
    }

    @Override
    public TableWriter openWriter(Connection connection, TableDefinition table) throws SQLException {
        KEY_CHECK.verify(table, PostgresCatalog.keys(connection, quoteTableName(table.tableName())));
        return newWriter(table, PostgresArrays.supported(connection));
    }

    @Override
    public Map<String, String> keyColumnsMergingValues(Connection connection, TableDefinition table)
            throws SQLException {
        return PostgresKeyCollations.mergingValues(connection, quoteTableName(table.tableName()), table);
    }

    PostgresTableWriter newWriter(TableDefinition table, boolean arrays) {
        PostgresStatements statements = new PostgresStatements(table, quoteTableName(table.tableName()),
                this::quoteIdentifier);
        return new PostgresTableWriter(statements, valueCodec(), table.columnTypes(), table.keyIndexes(), arrays);
    }
}
