package io.sluice.examples.h2;

import io.sluice.api.types.LogicalType;
import io.sluice.jdbc.dialect.ColumnTypeCheck;

/** Column types for {@code sink.auto-create}: each connector-API type and the H2 type that holds it exactly. */
final class H2Types {
    private H2Types() {
    }

    static String columnType(LogicalType type) {
        return switch (type.root()) {
            case BOOLEAN -> "BOOLEAN";
            case TINYINT -> "TINYINT";
            case SMALLINT -> "SMALLINT";
            case INT -> "INTEGER";
            case BIGINT -> "BIGINT";
            case FLOAT -> "REAL";
            case DOUBLE -> "DOUBLE PRECISION";
            case DECIMAL -> "NUMERIC(" + type.precision() + ", " + type.scale() + ")";
            case CHAR -> "CHARACTER(" + type.length() + ")";
            case VARCHAR -> type.length() == LogicalType.MAX_LENGTH
                    ? "CHARACTER VARYING" : "CHARACTER VARYING(" + type.length() + ")";
            case DATE -> "DATE";
            case TIME -> "TIME(" + type.precision() + ")";
            case TIMESTAMP -> "TIMESTAMP(" + type.precision() + ")";
            case TIMESTAMP_LTZ -> "TIMESTAMP(" + type.precision() + ") WITH TIME ZONE";
            case BYTES -> "BINARY VARYING";
            case ROW, MAP -> throw ColumnTypeCheck.notScalar(type);
        };
    }
}
