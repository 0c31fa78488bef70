package io.sluice.jdbc.dialect;

import io.sluice.api.types.LogicalType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Binds and reads values of every connector-API type through standard JDBC 4.2 calls, with
 * {@code java.time} objects for dates and times so that no value passes through the JVM's default
 * time zone (the cause of Flink's timestamp-shift bug). A dialect whose database or driver needs
 * it overrides the hooks for dates, times and instants.
 */
public class ValueCodec {
    /** The codec of dialects that override no hook; it holds no state. */
    static final ValueCodec STANDARD = new ValueCodec();

    /** Binds {@code value} (null allowed) of {@code type} at {@code index}. */
    public void bind(PreparedStatement statement, int index, Object value, LogicalType type) throws SQLException {
        if (value == null) {
            statement.setNull(index, nullType(type));
            return;
        }
        switch (type.root()) {
            case BOOLEAN -> statement.setBoolean(index, (Boolean) value);
            case TINYINT -> statement.setByte(index, (Byte) value);
            case SMALLINT -> statement.setShort(index, (Short) value);
            case INT -> statement.setInt(index, (Integer) value);
            case BIGINT -> statement.setLong(index, (Long) value);
            case FLOAT -> statement.setFloat(index, (Float) value);
            case DOUBLE -> statement.setDouble(index, (Double) value);
            case DECIMAL -> statement.setBigDecimal(index, (BigDecimal) value);
            case CHAR, VARCHAR -> statement.setString(index, (String) value);
            case DATE, TIME, TIMESTAMP -> bindLocal(statement, index, value);
            case TIMESTAMP_LTZ -> bindInstant(statement, index, (Instant) value);
            case BYTES -> statement.setBytes(index, (byte[]) value);
            case ROW, MAP -> throw ColumnTypeCheck.notScalar(type);
        }
    }

    /** Reads column {@code index} as the class {@link LogicalType#javaClass()} names; null for SQL NULL. */
    public Object read(ResultSet resultSet, int index, LogicalType type) throws SQLException {
        Object value = switch (type.root()) {
            case BOOLEAN -> resultSet.getBoolean(index);
            case TINYINT -> resultSet.getByte(index);
            case SMALLINT -> resultSet.getShort(index);
            case INT -> resultSet.getInt(index);
            case BIGINT -> resultSet.getLong(index);
            case FLOAT -> resultSet.getFloat(index);
            case DOUBLE -> resultSet.getDouble(index);
            case DECIMAL -> withScale(resultSet.getBigDecimal(index), type.scale());
            case CHAR, VARCHAR -> resultSet.getString(index);
            case DATE -> readLocal(resultSet, index, LocalDate.class);
            case TIME -> readLocal(resultSet, index, LocalTime.class);
            case TIMESTAMP -> readLocal(resultSet, index, LocalDateTime.class);
            case TIMESTAMP_LTZ -> readInstant(resultSet, index);
            case BYTES -> resultSet.getBytes(index);
            case ROW, MAP -> throw ColumnTypeCheck.notScalar(type);
        };
        return resultSet.wasNull() ? null : value;
    }

    /** Binds a {@link LocalDate}, {@link LocalTime} or {@link LocalDateTime}: JDBC 4.2 passes them unconverted. */
    protected void bindLocal(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setObject(index, value);
    }

    /** Reads a {@link LocalDate}, {@link LocalTime} or {@link LocalDateTime}: JDBC 4.2 reads them unconverted. */
    protected <T> T readLocal(ResultSet resultSet, int index, Class<T> type) throws SQLException {
        return resultSet.getObject(index, type);
    }

    /** Binds an instant as {@code TIMESTAMP WITH TIME ZONE} at UTC (JDBC 4.2's {@link OffsetDateTime}). */
    protected void bindInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
        statement.setObject(index, value.atOffset(ZoneOffset.UTC));
    }

    /** Reads an instant stored by {@link #bindInstant}; null for SQL NULL. */
    protected Instant readInstant(ResultSet resultSet, int index) throws SQLException {
        OffsetDateTime value = resultSet.getObject(index, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** The {@link Types} constant a NULL of {@code type} is bound with. */
    protected int nullType(LogicalType type) {
        return switch (type.root()) {
            case BOOLEAN -> Types.BOOLEAN;
            case TINYINT -> Types.TINYINT;
            case SMALLINT -> Types.SMALLINT;
            case INT -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case FLOAT -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.DECIMAL;
            case CHAR -> Types.CHAR;
            case VARCHAR -> Types.VARCHAR;
            case DATE -> Types.DATE;
            case TIME -> Types.TIME;
            case TIMESTAMP -> Types.TIMESTAMP;
            case TIMESTAMP_LTZ -> Types.TIMESTAMP_WITH_TIMEZONE;
            case BYTES -> Types.VARBINARY;
            case ROW, MAP -> throw ColumnTypeCheck.notScalar(type);
        };
    }

    // A table created outside Sluice may hold more digits than declared; rows carry the declared scale.
    private static BigDecimal withScale(BigDecimal value, int scale) {
        return value == null ? null : value.setScale(scale, RoundingMode.HALF_UP);
    }
}
