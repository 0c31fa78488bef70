package io.sluice.jdbc.mysql;

import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.jdbc.dialect.ValueCodec;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Calendar;
import java.util.TimeZone;

/**
 * Dates and times for MySQL and MariaDB.
 *
 * <p>Times and timestamps are bound as MySQL literals ({@code 2024-03-01 10:15:30.123456}): MySQL
 * Connector/J drops the fraction of {@code java.time} values when the server is MariaDB (it reports
 * itself as 5.5.5, older than fractional seconds), while a literal keeps it with either driver and
 * involves no time zone.
 *
 * <p>A {@code DATETIME} is read as a {@link Timestamp} on a UTC calendar: the MariaDB driver builds
 * its text and its {@code java.time} values through the JVM's time zone, which moves a wall-clock time
 * that zone skips (02:30 on the day clocks jump from 02:00 to 03:00) by an hour; UTC skips none.
 *
 * <p>TIMESTAMP_LTZ is stored as the UTC wall-clock time in a {@code DATETIME} column, so neither the
 * JVM's nor the session's time zone can shift the stored instant.
 */
final class MySqlValueCodec extends ValueCodec {
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");
    private static final String NUMERIC_OUT_OF_RANGE = "22003";
    private static final TimeZone UTC = TimeZone.getTimeZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

    /** MySQL and MariaDB have no NaN or infinity: refused here, instead of sent as an unknown column's name. */
    @Override
    public void bind(PreparedStatement statement, int index, Object value, LogicalType type) throws SQLException {
        if (value instanceof Double d && !Double.isFinite(d) || value instanceof Float f && !Float.isFinite(f)) {
            throw new SQLException("MySQL and MariaDB cannot store " + value + ": their FLOAT and DOUBLE have no NaN or"
                    + " infinity", NUMERIC_OUT_OF_RANGE);
        }
        super.bind(statement, index, value, type);
    }

    @Override
    protected int nullType(LogicalType type) {
        return type.root() == TypeRoot.TIMESTAMP_LTZ ? Types.TIMESTAMP : super.nullType(type);
    }

    @Override
    protected void bindLocal(PreparedStatement statement, int index, Object value) throws SQLException {
        if (value instanceof LocalDateTime dateTime) {
            statement.setString(index, DATETIME.format(dateTime));
        } else if (value instanceof LocalTime time) {
            statement.setString(index, TIME.format(time));
        } else {
            super.bindLocal(statement, index, value);
        }
    }

    @Override
    protected void bindInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
        statement.setString(index, DATETIME.format(LocalDateTime.ofInstant(value, ZoneOffset.UTC)));
    }

    @Override
    protected <T> T readLocal(ResultSet resultSet, int index, Class<T> type) throws SQLException {
        if (type != LocalDateTime.class) {
            return super.readLocal(resultSet, index, type);
        }
        Timestamp value = resultSet.getTimestamp(index, Calendar.getInstance(UTC));
        return value == null ? null : type.cast(LocalDateTime.ofInstant(value.toInstant(), ZoneOffset.UTC));
    }

    @Override
    protected Instant readInstant(ResultSet resultSet, int index) throws SQLException {
        LocalDateTime value = readLocal(resultSet, index, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }
}
