package io.sluice.planner.functions;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Which Java parameter and return types of a user-defined function stand for which SQL types. A
 * parameter takes the SQL types whose values convert to it without loss (an INT argument for a
 * {@code long} parameter); SQL NULL fits every parameter.
 */
final class JavaFunctionTypes {
    private static final Map<Class<?>, Set<SqlTypeName>> ACCEPTED = Map.ofEntries(
            Map.entry(boolean.class, Set.of(SqlTypeName.BOOLEAN)),
            Map.entry(Boolean.class, Set.of(SqlTypeName.BOOLEAN)),
            Map.entry(byte.class, Set.of(SqlTypeName.TINYINT)),
            Map.entry(Byte.class, Set.of(SqlTypeName.TINYINT)),
            Map.entry(short.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT)),
            Map.entry(Short.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT)),
            Map.entry(int.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER)),
            Map.entry(Integer.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER)),
            Map.entry(long.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER,
                    SqlTypeName.BIGINT)),
            Map.entry(Long.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER,
                    SqlTypeName.BIGINT)),
            Map.entry(float.class, Set.of(SqlTypeName.REAL, SqlTypeName.FLOAT)),
            Map.entry(Float.class, Set.of(SqlTypeName.REAL, SqlTypeName.FLOAT)),
            Map.entry(double.class, Set.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER,
                    SqlTypeName.BIGINT, SqlTypeName.REAL, SqlTypeName.FLOAT, SqlTypeName.DOUBLE)),
            Map.entry(Double.class, Set.of(SqlTypeName.REAL, SqlTypeName.FLOAT, SqlTypeName.DOUBLE)),
            Map.entry(BigDecimal.class, Set.of(SqlTypeName.DECIMAL)),
            Map.entry(String.class, Set.of(SqlTypeName.CHAR, SqlTypeName.VARCHAR)),
            Map.entry(LocalDate.class, Set.of(SqlTypeName.DATE)),
            Map.entry(LocalTime.class, Set.of(SqlTypeName.TIME)),
            Map.entry(LocalDateTime.class, Set.of(SqlTypeName.TIMESTAMP)),
            Map.entry(Instant.class, Set.of(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE)),
            Map.entry(byte[].class, Set.of(SqlTypeName.BINARY, SqlTypeName.VARBINARY)));
    private static final Map<Class<?>, SqlTypeName> RETURNED = Map.ofEntries(
            Map.entry(boolean.class, SqlTypeName.BOOLEAN), Map.entry(Boolean.class, SqlTypeName.BOOLEAN),
            Map.entry(byte.class, SqlTypeName.TINYINT), Map.entry(Byte.class, SqlTypeName.TINYINT),
            Map.entry(short.class, SqlTypeName.SMALLINT), Map.entry(Short.class, SqlTypeName.SMALLINT),
            Map.entry(int.class, SqlTypeName.INTEGER), Map.entry(Integer.class, SqlTypeName.INTEGER),
            Map.entry(long.class, SqlTypeName.BIGINT), Map.entry(Long.class, SqlTypeName.BIGINT),
            Map.entry(float.class, SqlTypeName.FLOAT), Map.entry(Float.class, SqlTypeName.FLOAT),
            Map.entry(double.class, SqlTypeName.DOUBLE), Map.entry(Double.class, SqlTypeName.DOUBLE),
            Map.entry(BigDecimal.class, SqlTypeName.DECIMAL), Map.entry(String.class, SqlTypeName.VARCHAR),
            Map.entry(LocalDate.class, SqlTypeName.DATE), Map.entry(LocalTime.class, SqlTypeName.TIME),
            Map.entry(LocalDateTime.class, SqlTypeName.TIMESTAMP),
            Map.entry(Instant.class, SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE),
            Map.entry(byte[].class, SqlTypeName.VARBINARY));
    /** Fractional digits of DECIMAL, TIMESTAMP and TIMESTAMP_LTZ results. */
    static final int DECIMAL_SCALE = 18;
    private static final int TIMESTAMP_PRECISION = 3;

    private JavaFunctionTypes() {
    }

    static boolean isSupported(Class<?> javaType) {
        return ACCEPTED.containsKey(javaType);
    }

    static boolean accepts(Class<?> parameter, RelDataType argument) {
        if (argument.getSqlTypeName() == SqlTypeName.NULL) {
            return true;
        }
        return ACCEPTED.getOrDefault(parameter, Set.of()).contains(argument.getSqlTypeName());
    }

    /** The SQL type of a return type (nullability is the caller's). */
    static RelDataType sqlType(RelDataTypeFactory factory, Class<?> javaType) {
        SqlTypeName name = RETURNED.get(javaType);
        return switch (name) {
            case VARCHAR, VARBINARY -> factory.createSqlType(name, Integer.MAX_VALUE);
            case DECIMAL -> factory.createSqlType(name, factory.getTypeSystem().getMaxNumericPrecision(), DECIMAL_SCALE);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> factory.createSqlType(name, TIMESTAMP_PRECISION);
            case TIME -> factory.createSqlType(name, 0);
            default -> factory.createSqlType(name);
        };
    }
}
