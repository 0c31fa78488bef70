package io.sluice.flink;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * Turns Flink's internal rows into Sluice {@link Row}s by the declared column types: StringData to
 * String, DecimalData to BigDecimal, TimestampData to LocalDateTime or Instant, epoch days to
 * LocalDate, milliseconds of the day to LocalTime. One {@link Row} is reused for every call: the
 * Sluice writer copies what it keeps.
 */
final class RowDataConverter {
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final FieldReader[] readers;
    private final Row row;

    RowDataConverter(List<LogicalType> columnTypes) {
        this.readers = columnTypes.stream().map(RowDataConverter::reader).toArray(FieldReader[]::new);
        this.row = new Row(RowKind.INSERT, new Object[readers.length]);
    }

    /** The Sluice form of {@code data}, valid until the next call. */
    Row convert(RowData data) {
        row.setKind(kind(data.getRowKind()));
        for (int i = 0; i < readers.length; i++) {
            row.setField(i, data.isNullAt(i) ? null : readers[i].read(data, i));
        }
        return row;
    }

    static RowKind kind(org.apache.flink.types.RowKind kind) {
        return switch (kind) {
            case INSERT -> RowKind.INSERT;
            case UPDATE_BEFORE -> RowKind.UPDATE_BEFORE;
            case UPDATE_AFTER -> RowKind.UPDATE_AFTER;
            case DELETE -> RowKind.DELETE;
        };
    }

    private static FieldReader reader(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> RowData::getBoolean;
            case TINYINT -> RowData::getByte;
            case SMALLINT -> RowData::getShort;
            case INTEGER -> RowData::getInt;
            case BIGINT -> RowData::getLong;
            case FLOAT -> RowData::getFloat;
            case DOUBLE -> RowData::getDouble;
            case DECIMAL -> decimal((DecimalType) type);
            case CHAR, VARCHAR -> (data, i) -> data.getString(i).toString();
            case DATE -> (data, i) -> LocalDate.ofEpochDay(data.getInt(i));
            case TIME_WITHOUT_TIME_ZONE -> (data, i) -> LocalTime.ofNanoOfDay(data.getInt(i) * NANOS_PER_MILLI);
            case TIMESTAMP_WITHOUT_TIME_ZONE -> timestamp(((TimestampType) type).getPrecision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> instant(((LocalZonedTimestampType) type).getPrecision());
            case BINARY, VARBINARY -> RowData::getBinary;
            default -> throw new IllegalArgumentException("No Sluice value class for Flink type " + type);
        };
    }

    private static FieldReader decimal(DecimalType type) {
        int precision = type.getPrecision();
        int scale = type.getScale();
        return (data, i) -> data.getDecimal(i, precision, scale).toBigDecimal();
    }

    private static FieldReader timestamp(int precision) {
        return (data, i) -> data.getTimestamp(i, precision).toLocalDateTime();
    }

    private static FieldReader instant(int precision) {
        return (data, i) -> data.getTimestamp(i, precision).toInstant();
    }

    /** Reads one non-null field of a row as its Sluice value. */
    @FunctionalInterface
    private interface FieldReader {
        Object read(RowData data, int position);
    }
}
