package io.sluice.api.types;

import java.util.List;
import java.util.Objects;

/**
 * A SQL type with its parameters and nullability, such as {@code VARCHAR(64) NOT NULL} or
 * {@code DECIMAL(12, 4)}. Immutable.
 *
 * <p>{@code length} applies to CHAR and VARCHAR ({@link #MAX_LENGTH} for STRING); {@code precision} to
 * DECIMAL (digits), TIME, TIMESTAMP and TIMESTAMP_LTZ (fractional second digits); {@code scale} to
 * DECIMAL. Parameters that do not apply are 0. A ROW has {@link #fieldNames()} and {@link #fieldTypes()};
 * its values are {@code Object[]} with one element per field. A MAP has a {@link #keyType()} and a
 * {@link #valueType()}; its values are {@code java.util.Map}s (a {@code LinkedHashMap} where Sluice makes
 * them).
 */
public final class LogicalType {
    /** VARCHAR length that STRING stands for. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE;
    public static final int MAX_DECIMAL_PRECISION = 38;
    public static final int MAX_TIME_PRECISION = 9;

    private final TypeRoot root;
    private final boolean nullable;
    private final int length;
    private final int precision;
    private final int scale;
    private final List<String> fieldNames;
    private final List<LogicalType> fieldTypes;

    private LogicalType(TypeRoot root, boolean nullable, int length, int precision, int scale) {
        this(root, nullable, length, precision, scale, List.of(), List.of());
    }

    private LogicalType(TypeRoot root, boolean nullable, int length, int precision, int scale,
                        List<String> fieldNames, List<LogicalType> fieldTypes) {
        this.root = Objects.requireNonNull(root, "root");
        this.nullable = nullable;
        this.length = length;
        this.precision = precision;
        this.scale = scale;
        this.fieldNames = List.copyOf(fieldNames);
        this.fieldTypes = List.copyOf(fieldTypes);
    }

    /**
     * {@code ROW<name type, ...>}.
     *
     * @throws IllegalArgumentException when there are no fields, a name repeats, or names and types differ in number
     */
    public static LogicalType row(List<String> fieldNames, List<LogicalType> fieldTypes) {
        if (fieldNames.isEmpty() || fieldNames.size() != fieldTypes.size()) {
            throw new IllegalArgumentException("A ROW needs at least one field and a type for each field name");
        }
        if (new java.util.HashSet<>(fieldNames).size() != fieldNames.size()) {
            throw new IllegalArgumentException("ROW" + fieldNames + " names a field twice");
        }
        return new LogicalType(TypeRoot.ROW, true, 0, 0, 0, fieldNames, fieldTypes);
    }

    /**
     * {@code MAP<key, value>}.
     *
     * @throws IllegalArgumentException when the key type is BYTES, ROW or MAP: keys are looked up by value, which
     *                                  those types' Java values do not support
     */
    public static LogicalType map(LogicalType keyType, LogicalType valueType) {
        TypeRoot keyRoot = keyType.root();
        if (keyRoot == TypeRoot.BYTES || keyRoot == TypeRoot.ROW || keyRoot == TypeRoot.MAP) {
            throw new IllegalArgumentException("MAP<" + keyType + ", " + valueType + "> is not supported: a MAP key "
                    + "must be a scalar type other than BYTES");
        }
        return new LogicalType(TypeRoot.MAP, true, 0, 0, 0, List.of(), List.of(keyType, valueType));
    }

    public static LogicalType of(TypeRoot root) {
        return switch (root) {
            case CHAR -> charType(1);
            case VARCHAR -> string();
            case DECIMAL -> decimal(10, 0);
            case TIME -> time(0);
            case TIMESTAMP -> timestamp(6);
            case TIMESTAMP_LTZ -> timestampLtz(6);
            default -> new LogicalType(root, true, 0, 0, 0);
        };
    }

    public static LogicalType booleanType() { return of(TypeRoot.BOOLEAN); }
    public static LogicalType tinyint() { return of(TypeRoot.TINYINT); }
    public static LogicalType smallint() { return of(TypeRoot.SMALLINT); }
    public static LogicalType intType() { return of(TypeRoot.INT); }
    public static LogicalType bigint() { return of(TypeRoot.BIGINT); }
    public static LogicalType floatType() { return of(TypeRoot.FLOAT); }
    public static LogicalType doubleType() { return of(TypeRoot.DOUBLE); }
    public static LogicalType date() { return of(TypeRoot.DATE); }
    public static LogicalType bytes() { return of(TypeRoot.BYTES); }

    public static LogicalType decimal(int precision, int scale) {
        if (precision < 1 || precision > MAX_DECIMAL_PRECISION || scale < 0 || scale > precision) {
            throw new IllegalArgumentException("DECIMAL(" + precision + ", " + scale
                    + ") is not valid: precision must be 1.." + MAX_DECIMAL_PRECISION + " and scale 0..precision");
        }
        return new LogicalType(TypeRoot.DECIMAL, true, 0, precision, scale);
    }

    public static LogicalType charType(int length) {
        return new LogicalType(TypeRoot.CHAR, true, checkLength(TypeRoot.CHAR, length), 0, 0);
    }

    public static LogicalType varchar(int length) {
        return new LogicalType(TypeRoot.VARCHAR, true, checkLength(TypeRoot.VARCHAR, length), 0, 0);
    }

    /** VARCHAR of unbounded length, printed as {@code STRING}. */
    public static LogicalType string() {
        return new LogicalType(TypeRoot.VARCHAR, true, MAX_LENGTH, 0, 0);
    }

    public static LogicalType time(int precision) {
        return new LogicalType(TypeRoot.TIME, true, 0, checkFraction(TypeRoot.TIME, precision), 0);
    }

    public static LogicalType timestamp(int precision) {
        return new LogicalType(TypeRoot.TIMESTAMP, true, 0, checkFraction(TypeRoot.TIMESTAMP, precision), 0);
    }

    public static LogicalType timestampLtz(int precision) {
        return new LogicalType(TypeRoot.TIMESTAMP_LTZ, true, 0, checkFraction(TypeRoot.TIMESTAMP_LTZ, precision), 0);
    }

    private static int checkLength(TypeRoot root, int length) {
        if (length < 1) {
            throw new IllegalArgumentException(root + "(" + length + ") is not valid: length must be at least 1");
        }
        return length;
    }

    private static int checkFraction(TypeRoot root, int precision) {
        if (precision < 0 || precision > MAX_TIME_PRECISION) {
            throw new IllegalArgumentException(root + "(" + precision + ") is not valid: precision must be 0.."
                    + MAX_TIME_PRECISION);
        }
        return precision;
    }

    public TypeRoot root() { return root; }
    public boolean isNullable() { return nullable; }
    public int length() { return length; }
    public int precision() { return precision; }
    public int scale() { return scale; }
    /** The field names of a ROW; empty for other types. */
    public List<String> fieldNames() { return fieldNames; }
    /** The field types of a ROW; empty for other types but MAP, whose key and value types they are. */
    public List<LogicalType> fieldTypes() { return fieldTypes; }

    /** The key type of a MAP. */
    public LogicalType keyType() {
        checkMap();
        return fieldTypes.get(0);
    }

    /** The value type of a MAP. */
    public LogicalType valueType() {
        checkMap();
        return fieldTypes.get(1);
    }

    private void checkMap() {
        if (root != TypeRoot.MAP) {
            throw new IllegalStateException(this + " is not a MAP");
        }
    }

    public LogicalType notNull() {
        return nullable ? new LogicalType(root, false, length, precision, scale, fieldNames, fieldTypes) : this;
    }

    public LogicalType nullable() {
        return nullable ? this : new LogicalType(root, true, length, precision, scale, fieldNames, fieldTypes);
    }

    public LogicalType withNullability(boolean isNullable) {
        return isNullable ? nullable() : notNull();
    }

    /** The Java class of this type's values in a {@link io.sluice.api.data.Row}. */
    public Class<?> javaClass() {
        return switch (root) {
            case BOOLEAN -> Boolean.class;
            case TINYINT -> Byte.class;
            case SMALLINT -> Short.class;
            case INT -> Integer.class;
            case BIGINT -> Long.class;
            case FLOAT -> Float.class;
            case DOUBLE -> Double.class;
            case DECIMAL -> java.math.BigDecimal.class;
            case CHAR, VARCHAR -> String.class;
            case DATE -> java.time.LocalDate.class;
            case TIME -> java.time.LocalTime.class;
            case TIMESTAMP -> java.time.LocalDateTime.class;
            case TIMESTAMP_LTZ -> java.time.Instant.class;
            case BYTES -> byte[].class;
            case ROW -> Object[].class;
            case MAP -> java.util.Map.class;
        };
    }

    /** SQL text as Flink prints it: {@code STRING}, {@code VARCHAR(64)}, {@code DECIMAL(12, 4)}, {@code INT NOT NULL}. */
    @Override
    public String toString() {
        String text = switch (root) {
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            case CHAR -> "CHAR(" + length + ")";
            case VARCHAR -> length == MAX_LENGTH ? "STRING" : "VARCHAR(" + length + ")";
            case TIME, TIMESTAMP -> root + "(" + precision + ")";
            case TIMESTAMP_LTZ -> "TIMESTAMP_LTZ(" + precision + ")";
            case ROW -> rowText();
            case MAP -> "MAP<" + fieldTypes.get(0) + ", " + fieldTypes.get(1) + ">";
            default -> root.name();
        };
        return nullable ? text : text + " NOT NULL";
    }

    /** {@code ROW<`id` BIGINT, `name` STRING>}, as Flink prints it. */
    private String rowText() {
        StringBuilder text = new StringBuilder("ROW<");
        for (int i = 0; i < fieldNames.size(); i++) {
            text.append(i == 0 ? "" : ", ").append('`').append(fieldNames.get(i).replace("`", "``")).append("` ")
                    .append(fieldTypes.get(i));
        }
        return text.append('>').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LogicalType t && root == t.root && nullable == t.nullable && length == t.length
                && precision == t.precision && scale == t.scale && fieldNames.equals(t.fieldNames)
                && fieldTypes.equals(t.fieldTypes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(root, nullable, length, precision, scale, fieldNames, fieldTypes);
    }
}
