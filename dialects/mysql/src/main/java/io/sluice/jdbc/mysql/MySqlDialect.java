package io.sluice.jdbc.mysql;

import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.ConnectionTimeouts;
import io.sluice.jdbc.dialect.DatabaseProduct;
import io.sluice.jdbc.dialect.JdbcDialect;
import io.sluice.jdbc.dialect.PrimaryKeyCheck;
import io.sluice.jdbc.dialect.TableDefinition;
import io.sluice.jdbc.dialect.TableWriter;
import io.sluice.jdbc.dialect.ValueCodec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * MySQL and MariaDB: backtick quoting, {@code INSERT ... ON DUPLICATE KEY UPDATE} in the form the
 * server supports, multi-row statements for every write. A {@code jdbc:mysql:} URL connects with MySQL
 * Connector/J and a {@code jdbc:mariadb:} URL with the MariaDB driver; values are bound so that both
 * keep fractional seconds against either server.
 */
final class MySqlDialect implements JdbcDialect {
    static final String MARIADB_DRIVER = "org.mariadb.jdbc.Driver";
    static final String MYSQL_DRIVER = "com.mysql.cj.jdbc.Driver";
    private static final String MYSQL_SCHEME = "jdbc:mysql:";
    private static final String PERMIT_MYSQL_SCHEME = "permitMysqlScheme";
    private static final PrimaryKeyCheck KEY_CHECK = new PrimaryKeyCheck(true,
            "a row that collides on it makes ON DUPLICATE KEY UPDATE update that other row instead of inserting");

    private final ValueCodec codec = new MySqlValueCodec();

    @Override
    public String name() {
        return "mysql";
    }

    /**
     * A UTC session (both drivers know these two properties): a {@code TIMESTAMP} column in a table made
     * outside Sluice then reads and writes TIMESTAMP_LTZ values as UTC too, whatever the server's zone.
     * Every write is an explicit multi-row statement, so no batch-rewriting property is needed. Both
     * drivers take their timeouts in milliseconds under the same names; their connect timeout also
     * bounds the login handshake.
     */
    @Override
    public Map<String, String> driverProperties(String url, ConnectionTimeouts timeouts) {
        return Map.of("connectionTimeZone", "UTC", "forceConnectionTimeZoneToSession", "true",
                "connectTimeout", ConnectionTimeouts.millis(timeouts.connect()),
                "socketTimeout", ConnectionTimeouts.millis(timeouts.socket()));
    }

    @Override
    public String defaultDriverClass(String url) {
        return url.startsWith(MYSQL_SCHEME) ? MYSQL_DRIVER : MARIADB_DRIVER;
    }

    /**
     * The MariaDB driver accepts {@code jdbc:mysql:} URLs only with {@code permitMysqlScheme} in the URL:
     * added unless Connector/J serves the URL, so that the MariaDB driver can take over a
     * {@code jdbc:mysql:} URL when the user picks it or Connector/J is not on the classpath.
     */
    @Override
    public String connectionUrl(String url, String driverClass) {
        if (MYSQL_DRIVER.equals(driverClass) || !url.startsWith(MYSQL_SCHEME) || url.contains(PERMIT_MYSQL_SCHEME)) {
            return url;
        }
        return url + (url.contains("?") ? "&" : "?") + PERMIT_MYSQL_SCHEME;
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }

    @Override
    public void validateType(String tableName, String column, LogicalType type) {
        MySqlTypes.validate(tableName, column, type);
    }

    @Override
    public String columnType(String tableName, Column column, boolean key) {
        if (key) {
            MySqlTypes.validateKey(tableName, column.name(), column.type());
        }
        return MySqlTypes.columnType(column.type(), key);
    }

    /**
     * A binary NO PAD collation where the server has one: the sink tells keys apart by exact value,
     * trailing spaces included, so must the table.
     */
    @Override
    public String tableOptions(DatabaseProduct server) {
        String collation = MySqlServer.of(server).noPadBinaryCollation().orElse("utf8mb4_bin");
        return " DEFAULT CHARSET=utf8mb4 COLLATE=" + collation;
    }

    @Override
    public Map<String, String> keyColumnsMergingValues(Connection connection, TableDefinition table)
            throws SQLException {
        return MySqlKeyCollations.mergingValues(connection, table);
    }

    @Override
    public ValueCodec valueCodec() {
        return codec;
    }

    @Override
    public TableWriter openWriter(Connection connection, TableDefinition table) throws SQLException {
        KEY_CHECK.verify(table, MySqlCatalog.keys(connection, table.tableName()));
        MySqlServer server = MySqlServer.of(connection.getMetaData());
        return newWriter(table, server.supportsRowAlias());
    }

    MySqlTableWriter newWriter(TableDefinition table, boolean rowAlias) {
        MySqlStatements statements = new MySqlStatements(table, quoteTableName(table.tableName()),
                this::quoteIdentifier, rowAlias);
        return new MySqlTableWriter(statements, codec, table.columnNames(), table.columnTypes(), table.keyIndexes());
    }
}
