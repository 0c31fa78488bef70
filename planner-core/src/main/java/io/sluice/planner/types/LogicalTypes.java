package io.sluice.planner.types;

import io.sluice.api.types.LogicalType;
import io.sluice.runtime.plan.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rel.type.StructKind;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Converts between Calcite's {@link RelDataType} and Sluice's {@link LogicalType}. TIMESTAMP WITH LOCAL
 * TIME ZONE is TIMESTAMP_LTZ, BINARY and VARBINARY are BYTES, REAL and FLOAT are FLOAT, and a VARCHAR of
 * the maximum length is STRING.
 */
public final class LogicalTypes {
    /** Type names Flink accepts that Calcite's parser does not know: resolved through the root schema. */
    static final String STRING_ALIAS = "STRING";
    static final String BYTES_ALIAS = "BYTES";
    static final String TIMESTAMP_LTZ_ALIAS = "TIMESTAMP_LTZ";
    private static final int DEFAULT_TIMESTAMP_PRECISION = 6;

    private LogicalTypes() {
    }

    /**
     * Registers {@code STRING} (VARCHAR of maximum length), {@code BYTES} (VARBINARY of maximum length) and
     * {@code TIMESTAMP_LTZ} (TIMESTAMP(6) WITH LOCAL TIME ZONE; a precision needs the long form) as named
     * types of {@code rootSchema}, so that {@code CAST(x AS STRING)} and column types written that way
     * validate.
     */
    public static void registerTypeAliases(SchemaPlus rootSchema) {
        rootSchema.add(STRING_ALIAS, factory -> factory.createSqlType(SqlTypeName.VARCHAR, Integer.MAX_VALUE));
        rootSchema.add(BYTES_ALIAS, factory -> factory.createSqlType(SqlTypeName.VARBINARY, Integer.MAX_VALUE));
        rootSchema.add(TIMESTAMP_LTZ_ALIAS, factory -> factory.createSqlType(
                SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, DEFAULT_TIMESTAMP_PRECISION));
    }

    /**
     * The logical type of a Calcite type, keeping nullability.
     *
     * @throws IllegalArgumentException for types Sluice does not support (intervals, collections, ...)
     */
    public static LogicalType toLogicalType(RelDataType type) {
        return baseType(type).withNullability(type.isNullable());
    }

    private static LogicalType baseType(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> LogicalType.booleanType();
            case TINYINT -> LogicalType.tinyint();
            case SMALLINT -> LogicalType.smallint();
            case INTEGER -> LogicalType.intType();
            case BIGINT -> LogicalType.bigint();
            case REAL, FLOAT -> LogicalType.floatType();
            case DOUBLE -> LogicalType.doubleType();
            case DECIMAL -> LogicalType.decimal(type.getPrecision(), type.getScale());
            case CHAR -> LogicalType.charType(type.getPrecision());
            case VARCHAR -> isUnbounded(type) ? LogicalType.string() : LogicalType.varchar(type.getPrecision());
            case DATE -> LogicalType.date();
            case TIME -> LogicalType.time(type.getPrecision());
            case TIMESTAMP -> LogicalType.timestamp(type.getPrecision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> LogicalType.timestampLtz(type.getPrecision());
            case BINARY, VARBINARY -> LogicalType.bytes();
            case ROW -> LogicalType.row(type.getFieldNames(),
                    type.getFieldList().stream().map(field -> toLogicalType(field.getType())).toList());
            case MAP -> LogicalType.map(toLogicalType(type.getKeyType()), toLogicalType(type.getValueType()));
            default -> throw new IllegalArgumentException("Type " + type.getFullTypeString()
                    + " is not supported; supported are BOOLEAN, numeric, character string, DATE, TIME,"
                    + " TIMESTAMP, TIMESTAMP_LTZ, BYTES, ROW and MAP types");
        };
    }

    private static boolean isUnbounded(RelDataType type) {
        return type.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED || type.getPrecision() == Integer.MAX_VALUE;
    }

    /** The Calcite type of a logical type, keeping nullability. */
    public static RelDataType toRelDataType(RelDataTypeFactory factory, LogicalType type) {
        RelDataType base = switch (type.root()) {
            case BOOLEAN -> factory.createSqlType(SqlTypeName.BOOLEAN);
            case TINYINT -> factory.createSqlType(SqlTypeName.TINYINT);
            case SMALLINT -> factory.createSqlType(SqlTypeName.SMALLINT);
            case INT -> factory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case FLOAT -> factory.createSqlType(SqlTypeName.FLOAT);
            case DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case CHAR -> factory.createSqlType(SqlTypeName.CHAR, type.length());
            case VARCHAR -> factory.createSqlType(SqlTypeName.VARCHAR, type.length());
            case DATE -> factory.createSqlType(SqlTypeName.DATE);
            case TIME -> factory.createSqlType(SqlTypeName.TIME, type.precision());
            case TIMESTAMP -> factory.createSqlType(SqlTypeName.TIMESTAMP, type.precision());
            case TIMESTAMP_LTZ -> factory.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, type.precision());
            case BYTES -> factory.createSqlType(SqlTypeName.VARBINARY, Integer.MAX_VALUE);
            // As in Flink: a ROW column's fields are reachable as column.field, without the table's name.
            case ROW -> factory.createStructType(StructKind.PEEK_FIELDS_NO_EXPAND,
                    type.fieldTypes().stream().map(field -> toRelDataType(factory, field)).toList(), type.fieldNames());
            case MAP -> factory.createMapType(toRelDataType(factory, type.keyType()),
                    toRelDataType(factory, type.valueType()));
        };
        return factory.createTypeWithNullability(base, type.isNullable());
    }

    /** The field names and logical types of a Calcite row type. */
    public static RowType toRowType(RelDataType rowType) {
        List<String> names = new ArrayList<>(rowType.getFieldCount());
        List<LogicalType> types = new ArrayList<>(rowType.getFieldCount());
        for (RelDataTypeField field : rowType.getFieldList()) {
            names.add(field.getName());
            types.add(toLogicalType(field.getType()));
        }
        return new RowType(names, types);
    }
}
