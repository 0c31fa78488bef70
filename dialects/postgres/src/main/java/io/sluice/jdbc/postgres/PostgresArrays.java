package io.sluice.jdbc.postgres;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;

/**
 * Builds one column of a chunk as a {@link java.sql.Array}. pgjdbc encodes arrays of numbers,
 * booleans, strings and {@code byte[]} itself; decimals, dates and times travel as their ISO text,
 * which the server parses into the element type named in the statement's cast, so no time zone is
 * involved (instants carry their {@code Z}).
 */
final class PostgresArrays {

    private PostgresArrays() {
    }

    /** Whether the driver builds arrays at all (a driver other than pgjdbc may not). */
    static boolean supported(Connection connection) throws SQLException {
        try {
            connection.createArrayOf("bigint", new Long[0]).free();
            return true;
        } catch (SQLFeatureNotSupportedException e) {
            return false;
        }
    }

    static Array column(Connection connection, List<Object[]> rows, int field, LogicalType type)
            throws SQLException {
        Object[] elements = newElements(type, rows.size());
        for (int i = 0; i < elements.length; i++) {
            Object value = rows.get(i)[field];
            elements[i] = value == null ? null : element(value, type);
        }
        return connection.createArrayOf(PostgresTypes.arrayElementType(type), elements);
    }

    private static Object[] newElements(LogicalType type, int size) {
        return switch (type.root()) {
            case BOOLEAN -> new Boolean[size];
            case TINYINT, SMALLINT -> new Short[size];
            case INT -> new Integer[size];
            case BIGINT -> new Long[size];
            case FLOAT -> new Float[size];
            case DOUBLE -> new Double[size];
            case BYTES -> new byte[size][];
            default -> new String[size];
        };
    }

    private static Object element(Object value, LogicalType type) {
        return switch (type.root()) {
            case TINYINT -> ((Byte) value).shortValue();
            case DECIMAL -> ((BigDecimal) value).toPlainString();
            case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> value.toString();
            default -> value;
        };
    }
}
