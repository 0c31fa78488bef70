package io.sluice.jdbc.dialect;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.Column;
import io.sluice.api.types.LogicalType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What differs between databases: quoting, statements, types and the fastest way to write a batch.
 * The sink core knows no database by name; it asks the dialect found for the URL.
 */
public interface JdbcDialect {

    /** A short name for logs and errors, such as {@code postgres} or {@code mysql}. */
    String name();

    /**
     * Driver properties for every connection to {@code url}: what the dialect needs (such as
     * {@code rewriteBatchedStatements}) and {@code timeouts} in the driver's own terms.
     */
    Map<String, String> driverProperties(String url, ConnectionTimeouts timeouts);

    /**
     * The driver class to load for {@code url} when the user names none. Several drivers may accept one
     * URL; the dialect knows which one the URL's scheme stands for.
     */
    String defaultDriverClass(String url);

    /**
     * The URL to hand to {@code driverClass} for the user's {@code url}. Some drivers only accept options
     * in the URL itself (the MariaDB driver takes {@code jdbc:mysql:} URLs only with
     * {@code permitMysqlScheme} in them); the sink connects with this URL and shows the user's URL in
     * messages.
     */
    default String connectionUrl(String url, String driverClass) {
        return url;
    }

    /** A quoted identifier: {@code "my table"} or {@code `my table`}. */
    String quoteIdentifier(String identifier);

    /**
     * A quoted, possibly schema-qualified table name: {@code "public"."orders"}. By default every
     * dot-separated part is quoted with {@link #quoteIdentifier}.
     */
    default String quoteTableName(String tableName) {
        return Arrays.stream(tableName.split("\\.", -1)).map(this::quoteIdentifier).collect(Collectors.joining("."));
    }

    /**
     * Checks that the database can hold {@code type}.
     *
     * @throws ValidationException naming the table and column
     */
    void validateType(String tableName, String column, LogicalType type);

    /**
     * The database type that holds {@code column} when {@code sink.auto-create} creates the table, such
     * as {@code varchar(64)}; {@code key} for a primary-key column, which some databases restrict.
     *
     * @throws ValidationException naming the table and column when a key column's type cannot be a key
     */
    String columnType(String tableName, Column column, boolean key);

    /**
     * What follows the column list of {@code CREATE TABLE} on {@code server}, such as a character set;
     * empty by default.
     */
    default String tableOptions(DatabaseProduct server) {
        return "";
    }

    /**
     * {@code CREATE TABLE} for {@code sink.auto-create}: the declared columns with {@link #columnType},
     * {@code NOT NULL} for key columns and NOT NULL types, the primary key, then {@link #tableOptions}.
     */
    default String createTableStatement(TableDefinition table, DatabaseProduct server) {
        String columns = table.columns().stream().map(column -> {
            boolean key = table.primaryKey().contains(column.name());
            String notNull = key || !column.type().isNullable() ? " NOT NULL" : "";
            return quoteIdentifier(column.name()) + " " + columnType(table.tableName(), column, key) + notNull;
        }).collect(Collectors.joining(", "));
        String key = table.hasPrimaryKey() ? ", PRIMARY KEY (" + table.primaryKey().stream()
                .map(this::quoteIdentifier).collect(Collectors.joining(", ")) + ")" : "";
        return "CREATE TABLE IF NOT EXISTS " + quoteTableName(table.tableName()) + " (" + columns + key + ")"
                + tableOptions(server);
    }

    /**
     * The table's primary-key columns whose comparison in the database takes distinct values for equal
     * (a case-insensitive collation, one that ignores trailing spaces), each with why and what to use
     * instead. The sink tells keys apart by exact value: two keys the table takes for one row would
     * overwrite and delete each other. None by default.
     */
    default Map<String, String> keyColumnsMergingValues(Connection connection, TableDefinition table)
            throws SQLException {
        return Map.of();
    }

    /** A snapshot {@code SELECT} of the declared columns in declared order, for the scan source. */
    default String selectStatement(TableDefinition table) {
        return "SELECT " + table.columns().stream().map(c -> quoteIdentifier(c.name()))
                .collect(Collectors.joining(", ")) + " FROM " + quoteTableName(table.tableName());
    }

    /**
     * How values are bound and read; by default the standard JDBC 4.2 {@link ValueCodec}. A dialect
     * whose driver needs another form for dates, times or instants returns a subclass.
     */
    default ValueCodec valueCodec() {
        return ValueCodec.STANDARD;
    }

    /** Reads one value of {@code type} as the Java class {@link LogicalType#javaClass()} names (null for NULL). */
    default Object read(ResultSet resultSet, int index, LogicalType type) throws SQLException {
        return valueCodec().read(resultSet, index, type);
    }

    /**
     * Opens the writing side for one table on {@code connection}: detects the server version, checks
     * that the table exists and that its primary key equals the declared one.
     *
     * @throws ValidationException naming the table, the declared key and the table's key when they differ
     */
    TableWriter openWriter(Connection connection, TableDefinition table) throws SQLException;
}
