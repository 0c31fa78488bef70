package io.sluice.jdbc.mysql;

import static io.sluice.jdbc.dialect.ColumnTypeCheck.require;

import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.jdbc.dialect.ColumnTypeCheck;

/**
 * Column types for {@code sink.auto-create} and the limits MySQL and MariaDB put on declared types.
 *
 * <p>TIMESTAMP_LTZ is stored as {@code DATETIME(p)} holding UTC rather than as MySQL's
 * {@code TIMESTAMP}: the latter converts through the session time zone and ends in 2038. Key columns
 * need bounded types because an index entry is limited to 3072 bytes (768 utf8mb4 characters).
 */
final class MySqlTypes {
    static final int MAX_FRACTION = 6;
    static final int MAX_CHAR = 255;
    static final int MAX_VARCHAR = 16_383;
    static final int MAX_KEY_VARCHAR = 768;
    static final int DEFAULT_KEY_LENGTH = 255;

    private MySqlTypes() {
    }

    /** Fails with the table and column named when MySQL cannot hold {@code type}. */
    static void validate(String tableName, String column, LogicalType type) {
        switch (type.root()) {
            case TIME, TIMESTAMP, TIMESTAMP_LTZ -> require(type.precision() <= MAX_FRACTION, tableName, column, type,
                    "MySQL keeps at most " + MAX_FRACTION + " fractional second digits");
            case CHAR -> require(type.length() <= MAX_CHAR, tableName, column, type,
                    "MySQL CHAR holds at most " + MAX_CHAR + " characters; declare VARCHAR(n) or STRING");
            default -> { }
        }
    }

    /** Fails when a key column's declared length cannot be indexed. */
    static void validateKey(String tableName, String column, LogicalType type) {
        boolean bounded = type.length() == LogicalType.MAX_LENGTH || type.length() <= MAX_KEY_VARCHAR;
        require(type.root() != TypeRoot.VARCHAR || bounded, tableName, column, type,
                "a MySQL primary key column holds at most " + MAX_KEY_VARCHAR + " characters");
    }

    /** The column type for {@code CREATE TABLE}; {@code key} columns get indexable types. */
    static String columnType(LogicalType type, boolean key) {
        return switch (type.root()) {
            case BOOLEAN -> "BOOLEAN";
            case TINYINT -> "TINYINT";
            case SMALLINT -> "SMALLINT";
            case INT -> "INT";
            case BIGINT -> "BIGINT";
            case FLOAT -> "FLOAT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> "DECIMAL(" + type.precision() + ", " + type.scale() + ")";
            case CHAR -> "CHAR(" + type.length() + ")";
            case VARCHAR -> varchar(type.length(), key);
            case DATE -> "DATE";
            case TIME -> "TIME(" + type.precision() + ")";
            case TIMESTAMP, TIMESTAMP_LTZ -> "DATETIME(" + type.precision() + ")";
            case BYTES -> key ? "VARBINARY(" + DEFAULT_KEY_LENGTH + ")" : "LONGBLOB";
            case ROW, MAP -> throw ColumnTypeCheck.notScalar(type);
        };
    }

    private static String varchar(int length, boolean key) {
        if (length == LogicalType.MAX_LENGTH) {
            return key ? "VARCHAR(" + DEFAULT_KEY_LENGTH + ")" : "LONGTEXT";
        }
        return length <= MAX_VARCHAR ? "VARCHAR(" + length + ")" : "LONGTEXT";
    }
}
