package io.sluice.flink;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.ObjectIdentifier;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Maps a column's Flink type to the Sluice type the jdbc sink writes. Flink's BINARY and VARBINARY
 * become BYTES, Sluice's only binary type; nested, interval and zoned types have no Sluice counterpart.
 */
final class TypeConversion {
    private TypeConversion() {
    }

    /**
     * @throws ValidationException naming the table, the column and its type when Sluice has no such type
     */
    static io.sluice.api.types.LogicalType toSluice(ObjectIdentifier table, String column, LogicalType type) {
        io.sluice.api.types.LogicalType sluice = switch (type.getTypeRoot()) {
            case BOOLEAN -> io.sluice.api.types.LogicalType.booleanType();
            case TINYINT -> io.sluice.api.types.LogicalType.tinyint();
            case SMALLINT -> io.sluice.api.types.LogicalType.smallint();
            case INTEGER -> io.sluice.api.types.LogicalType.intType();
            case BIGINT -> io.sluice.api.types.LogicalType.bigint();
            case FLOAT -> io.sluice.api.types.LogicalType.floatType();
            case DOUBLE -> io.sluice.api.types.LogicalType.doubleType();
            case DECIMAL -> io.sluice.api.types.LogicalType.decimal(((DecimalType) type).getPrecision(),
                    ((DecimalType) type).getScale());
            case CHAR -> io.sluice.api.types.LogicalType.charType(((CharType) type).getLength());
            case VARCHAR -> io.sluice.api.types.LogicalType.varchar(((VarCharType) type).getLength());
            case DATE -> io.sluice.api.types.LogicalType.date();
            case TIME_WITHOUT_TIME_ZONE -> io.sluice.api.types.LogicalType.time(((TimeType) type).getPrecision());
            case TIMESTAMP_WITHOUT_TIME_ZONE -> io.sluice.api.types.LogicalType.timestamp(
                    ((TimestampType) type).getPrecision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> io.sluice.api.types.LogicalType.timestampLtz(
                    ((LocalZonedTimestampType) type).getPrecision());
            case BINARY, VARBINARY -> io.sluice.api.types.LogicalType.bytes();
            default -> throw new ValidationException("Table '" + table + "': column '" + column + "' has type "
                    + type.asSummaryString() + ", which the " + SluiceJdbcTableFactory.IDENTIFIER
                    + " connector cannot write. Supported: BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, "
                    + "DECIMAL, CHAR, VARCHAR, DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ, BINARY, VARBINARY");
        };
        return sluice.withNullability(type.isNullable());
    }
}
