package io.sluice.connectors.datagen;

import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_KIND;
import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_LENGTH;
import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_MAX;
import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_MAX_PAST;
import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_MIN;

import io.sluice.api.options.ConfigOption;
import io.sluice.api.types.LogicalType;
import io.sluice.api.types.TypeRoot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.LongFunction;

/** Generators of {@code fields.#.kind} = {@code random}, one per type. */
final class RandomFieldGenerators {
    private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();
    private static final int DEFAULT_LENGTH = 100;

    private RandomFieldGenerators() {
    }

    static FieldGenerator create(FieldOptions field, RowClock clock) {
        TypeRoot root = field.type().root();
        field.allowOnly(allowedOptions(root), "a random " + root + " field");
        return switch (root) {
            case BOOLEAN -> (row, random) -> random.nextBoolean();
            case TINYINT -> integers(field, Byte.MIN_VALUE, Byte.MAX_VALUE, value -> (byte) value);
            case SMALLINT -> integers(field, Short.MIN_VALUE, Short.MAX_VALUE, value -> (short) value);
            case INT -> integers(field, Integer.MIN_VALUE, Integer.MAX_VALUE, value -> (int) value);
            case BIGINT -> integers(field, Long.MIN_VALUE, Long.MAX_VALUE, value -> value);
            case FLOAT -> floatingPoint(field, Float.MAX_VALUE, value -> (float) value);
            case DOUBLE -> floatingPoint(field, Double.MAX_VALUE, value -> value);
            case DECIMAL -> decimals(field);
            case CHAR, VARCHAR -> strings(field);
            case BYTES -> bytes(field);
            case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> TemporalFieldGenerator.create(field, clock);
            case ROW -> throw field.invalid("is a ROW: datagen generates scalar columns only; declare the "
                    + "fields as columns of their own");
            case MAP -> throw field.invalid("is a MAP: datagen generates scalar columns only");
        };
    }

    private static List<ConfigOption<?>> allowedOptions(TypeRoot root) {
        if (root.isNumeric()) {
            return List.of(FIELD_KIND, FIELD_MIN, FIELD_MAX);
        }
        return switch (root) {
            case CHAR, VARCHAR, BYTES -> List.of(FIELD_KIND, FIELD_LENGTH);
            case DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ -> List.of(FIELD_KIND, FIELD_MAX_PAST);
            default -> List.of(FIELD_KIND);
        };
    }

    private static FieldGenerator integers(FieldOptions field, long typeMin, long typeMax, LongFunction<Object> box) {
        long min = field.has(FIELD_MIN) ? ((Number) field.getTyped(FIELD_MIN)).longValue() : typeMin;
        long max = field.has(FIELD_MAX) ? ((Number) field.getTyped(FIELD_MAX)).longValue() : typeMax;
        checkOrder(field, min <= max);
        return (row, random) -> box.apply(random.nextLong(min, max));
    }

    private static FieldGenerator floatingPoint(FieldOptions field, double typeMax, DoubleFunction<Object> box) {
        double min = field.has(FIELD_MIN) ? ((Number) field.getTyped(FIELD_MIN)).doubleValue() : 0;
        double max = field.has(FIELD_MAX) ? ((Number) field.getTyped(FIELD_MAX)).doubleValue() : typeMax;
        if (!Double.isFinite(min) || !Double.isFinite(max)) {
            throw field.invalid("needs finite 'min' and 'max'");
        }
        checkOrder(field, min <= max);
        // Weighted this way, min and max of opposite sign and large magnitude cannot overflow.
        return (row, random) -> {
            double fraction = random.nextDouble();
            return box.apply(min * (1 - fraction) + max * fraction);
        };
    }

    private static FieldGenerator decimals(FieldOptions field) {
        LogicalType type = field.type();
        BigDecimal largest = BigDecimal.TEN.pow(type.precision() - type.scale())
                .subtract(BigDecimal.ONE.movePointLeft(type.scale()));
        BigDecimal min = field.has(FIELD_MIN) ? (BigDecimal) field.getTyped(FIELD_MIN) : BigDecimal.ZERO;
        BigDecimal max = field.has(FIELD_MAX) ? (BigDecimal) field.getTyped(FIELD_MAX) : largest;
        checkOrder(field, min.compareTo(max) <= 0);
        BigDecimal span = max.subtract(min);
        // Rounding down keeps the value within [min, max] and within the type's precision.
        return (row, random) -> min.add(span.multiply(BigDecimal.valueOf(random.nextDouble())))
                .setScale(type.scale(), RoundingMode.FLOOR);
    }

    private static FieldGenerator strings(FieldOptions field) {
        int length = length(field, Math.min(DEFAULT_LENGTH, field.type().length()), field.type().length());
        return (row, random) -> {
            char[] chars = new char[length];
            for (int i = 0; i < length; i++) {
                chars[i] = HEX_DIGITS[(int) random.nextLong(0, HEX_DIGITS.length - 1)];
            }
            return new String(chars);
        };
    }

    private static FieldGenerator bytes(FieldOptions field) {
        int length = length(field, DEFAULT_LENGTH, Integer.MAX_VALUE);
        return (row, random) -> {
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) random.nextLong();
            }
            return bytes;
        };
    }

    private static int length(FieldOptions field, int defaultLength, int typeLength) {
        Integer length = field.get(FIELD_LENGTH);
        if (length == null) {
            return defaultLength;
        }
        if (length < 0 || length > typeLength) {
            throw field.invalid(FIELD_LENGTH, "must be between 0 and " + typeLength + " for " + field.type());
        }
        return length;
    }

    private static void checkOrder(FieldOptions field, boolean ordered) {
        if (!ordered) {
            throw field.invalid("has 'min' greater than 'max'");
        }
    }
}
