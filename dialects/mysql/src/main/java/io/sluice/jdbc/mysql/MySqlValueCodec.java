package io.sluice.jdbc.mysql;

import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import io.sluice.jdbc.dialect.ValueCodec;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Stores TIMESTAMP_LTZ as the UTC wall-clock time in a {@code DATETIME} column. A {@link LocalDateTime}
 * passes through both drivers unconverted, so neither the JVM's nor the session's time zone can
 * shift the stored instant.
 */
final class MySqlValueCodec extends ValueCodec {

    @Override
    protected int nullType(LogicalType type) {
        return type.root() == TypeRoot.TIMESTAMP_LTZ ? Types.TIMESTAMP : super.nullType(type);
    }

    @Override
    protected void bindInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
        statement.setObject(index, LocalDateTime.ofInstant(value, ZoneOffset.UTC));
    }

    @Override
    protected Instant readInstant(ResultSet resultSet, int index) throws SQLException {
        LocalDateTime value = resultSet.getObject(index, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }
}
