package io.sluice.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class RowDataConverterTest {
    private static final List<LogicalType> ALL_TYPES = List.of(new BooleanType(), new TinyIntType(),
            new SmallIntType(), new IntType(), new BigIntType(), new FloatType(), new DoubleType(),
            new DecimalType(12, 4), new CharType(3), new VarCharType(VarCharType.MAX_LENGTH), new DateType(),
            new TimeType(3), new TimestampType(6), new LocalZonedTimestampType(3), new VarBinaryType(8));

    @Test
    void everyTypeBecomesTheValueClassOfSluicesRows() {
        LocalDateTime timestamp = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_456_000);
        Instant instant = Instant.parse("2024-03-01T10:15:30.250Z");
        GenericRowData data = GenericRowData.ofKind(org.apache.flink.types.RowKind.UPDATE_AFTER, true, (byte) 7,
                (short) -300, 70_000, 1L << 40, 1.5f, -2.25, DecimalData.fromBigDecimal(new BigDecimal("12345678.9012"),
                        12, 4), StringData.fromString("abc"), StringData.fromString("héllo"),
                (int) LocalDate.of(2024, 2, 29).toEpochDay(), (13 * 3600 + 14 * 60 + 15) * 1000 + 678,
                TimestampData.fromLocalDateTime(timestamp), TimestampData.fromInstant(instant), new byte[] {1, 2, 3});

        Row row = new RowDataConverter(ALL_TYPES).convert(data);

        assertThat(row.kind()).isEqualTo(RowKind.UPDATE_AFTER);
        assertThat(row.fields()).containsExactly(true, (byte) 7, (short) -300, 70_000, 1L << 40, 1.5f, -2.25,
                new BigDecimal("12345678.9012"), "abc", "héllo", LocalDate.of(2024, 2, 29),
                LocalTime.of(13, 14, 15, 678_000_000), timestamp, instant, new byte[] {1, 2, 3});
    }

    @Test
    void nullsStayNullAndEachKindIsKept() {
        RowDataConverter converter = new RowDataConverter(List.of(new BigIntType(false), new VarCharType(10)));

        Row deleted = converter.convert(GenericRowData.ofKind(org.apache.flink.types.RowKind.DELETE, 5L, null));
        assertThat(deleted.kind()).isEqualTo(RowKind.DELETE);
        assertThat(deleted.fields()).containsExactly(5L, null);

        Row inserted = converter.convert(GenericRowData.of(6L, StringData.fromString("x")));
        assertThat(inserted).isEqualTo(Row.insert(6L, "x"));
    }
}
