package io.sluice.jdbc.postgres;

import static io.sluice.jdbc.dialect.ColumnTypeCheck.require;

import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.ColumnTypeCheck;

/** Column types for {@code sink.auto-create}, array element types for set-based writes, and PostgreSQL's limits. */
final class PostgresTypes {
    static final int MAX_FRACTION = 6;
    static final int MAX_LENGTH = 10_485_760;

    private PostgresTypes() {
    }

    /** Fails with the table and column named when PostgreSQL cannot hold {@code type}. */
    static void validate(String tableName, String column, LogicalType type) {
        switch (type.root()) {
            case TIME, TIMESTAMP, TIMESTAMP_LTZ -> require(type.precision() <= MAX_FRACTION, tableName, column, type,
                    "PostgreSQL keeps at most " + MAX_FRACTION + " fractional second digits");
            case CHAR -> require(type.length() <= MAX_LENGTH, tableName, column, type,
                    "PostgreSQL char holds at most " + MAX_LENGTH + " characters; declare STRING");
            default -> { }
        }
    }

    /** The column type for {@code CREATE TABLE}. */
    static String columnType(LogicalType type) {
        return switch (type.root()) {
            case BOOLEAN -> "boolean";
            case TINYINT, SMALLINT -> "smallint";
            case INT -> "integer";
            case BIGINT -> "bigint";
            case FLOAT -> "real";
            case DOUBLE -> "double precision";
            case DECIMAL -> "numeric(" + type.precision() + ", " + type.scale() + ")";
            case CHAR -> "char(" + type.length() + ")";
            case VARCHAR -> type.length() <= MAX_LENGTH ? "varchar(" + type.length() + ")" : "text";
            case DATE -> "date";
            case TIME -> "time(" + type.precision() + ")";
            case TIMESTAMP -> "timestamp(" + type.precision() + ")";
            case TIMESTAMP_LTZ -> "timestamp(" + type.precision() + ") with time zone";
            case BYTES -> "bytea";
            case ROW, MAP -> throw ColumnTypeCheck.notScalar(type);
        };
    }

    /**
     * The element type of the array a column's values travel in: the column's type without its length,
     * precision or scale (an array's elements take any). It matches the column's type family
     * so that comparisons with key columns keep using their index ({@code bpchar} for CHAR: comparing a
     * {@code char(n)} column with {@code text} would convert the column).
     */
    static String arrayElementType(LogicalType type) {
        return switch (type.root()) {
            case DECIMAL -> "numeric";
            case CHAR -> "bpchar";
            case VARCHAR -> "text";
            case TIME -> "time";
            case TIMESTAMP -> "timestamp";
            case TIMESTAMP_LTZ -> "timestamptz";
            default -> columnType(type);
        };
    }
}
