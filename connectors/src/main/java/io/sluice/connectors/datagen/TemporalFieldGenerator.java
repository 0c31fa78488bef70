package io.sluice.connectors.datagen;

import static io.sluice.connectors.datagen.DataGenTableFactory.FIELD_MAX_PAST;

import io.sluice.api.types.LogicalType;
import io.sluice.connectors.generator.RowRandom;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * Random DATE, TIME, TIMESTAMP and TIMESTAMP_LTZ values: the row's due time on the {@link RowClock},
 * minus a random duration up to {@code fields.#.max-past}, cut to the type's precision.
 */
final class TemporalFieldGenerator implements FieldGenerator {
    private final LogicalType type;
    private final RowClock clock;
    private final long maxPastNanos;
    private final long precisionUnitNanos;

    private TemporalFieldGenerator(LogicalType type, RowClock clock, long maxPastNanos) {
        this.type = type;
        this.clock = clock;
        this.maxPastNanos = maxPastNanos;
        this.precisionUnitNanos = (long) Math.pow(10, LogicalType.MAX_TIME_PRECISION - type.precision());
    }

    static FieldGenerator create(FieldOptions field, RowClock clock) {
        long maxPastNanos = field.get(FIELD_MAX_PAST).toNanos();
        return new TemporalFieldGenerator(field.type(), clock, maxPastNanos);
    }

    @Override
    public Object value(long rowIndex, RowRandom random) {
        Instant time = clock.timeOf(rowIndex).minusNanos(random.nextLong(0, maxPastNanos));
        Instant cut = time.minusNanos(time.getNano() % precisionUnitNanos);
        ZoneId zone = clock.zone();
        return switch (type.root()) {
            case TIMESTAMP_LTZ -> cut;
            case TIMESTAMP -> LocalDateTime.ofInstant(cut, zone);
            case TIME -> LocalTime.ofInstant(cut, zone);
            case DATE -> LocalDate.ofInstant(cut, zone);
            default -> throw new IllegalStateException("not a temporal type: " + type);
        };
    }
}
