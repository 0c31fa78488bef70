package io.sluice.connectors.datagen;

import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_END;
import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_KIND;
import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_START;

import io.sluice.api.data.RowText;
import io.sluice.api.options.ConfigOption;
import io.sluice.api.types.LogicalType;
import io.sluice.connectors.generator.RowRandom;
import java.math.BigDecimal;
import java.util.List;

/**
 * {@code fields.#.kind} = {@code sequence}: row {@code i} gets {@code start + i}, for numbers and
 * strings; the table ends after {@code end}.
 */
final class SequenceFieldGenerator implements FieldGenerator {
    private final LogicalType type;
    private final long start;
    private final long rowCount;

    private SequenceFieldGenerator(LogicalType type, long start, long end) {
        this.type = type;
        this.start = start;
        long count = end - start + 1;
        this.rowCount = count > 0 ? count : Long.MAX_VALUE;
    }

    static SequenceFieldGenerator create(FieldOptions field) {
        LogicalType type = field.type();
        if (!type.root().isNumeric() && !type.root().isCharacterString()) {
            throw field.invalid("cannot be a sequence; use 'random' for " + type.root());
        }
        field.allowOnly(List.of(FIELD_KIND, FIELD_START, FIELD_END), "the sequence field");
        if (!field.has(FIELD_START) || !field.has(FIELD_END)) {
            throw field.invalid("is a sequence and needs both 'start' and 'end'");
        }
        long start = checkFits(field, FIELD_START);
        long end = checkFits(field, FIELD_END);
        if (start > end) {
            throw field.invalid("has a sequence 'start' greater than its 'end'");
        }
        return new SequenceFieldGenerator(type, start, end);
    }

    private static long checkFits(FieldOptions field, ConfigOption<Long> bound) {
        long value = field.get(bound);
        try {
            RowText.parseValue(Long.toString(value), field.type());
        } catch (IllegalArgumentException e) {
            throw field.invalid(bound, e.getMessage());
        }
        return value;
    }

    /** The rows this sequence lasts: {@code end - start + 1}. */
    long rowCount() {
        return rowCount;
    }

    @Override
    public Object value(long rowIndex, RowRandom random) {
        long value = start + rowIndex;
        return switch (type.root()) {
            case TINYINT -> (byte) value;
            case SMALLINT -> (short) value;
            case INT -> (int) value;
            case BIGINT -> value;
            case FLOAT -> (float) value;
            case DOUBLE -> (double) value;
            case DECIMAL -> BigDecimal.valueOf(value).setScale(type.scale());
            default -> Long.toString(value);
        };
    }
}
