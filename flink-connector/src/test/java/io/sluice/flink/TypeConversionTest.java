package io.sluice.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.options.ValidationException;
import io.sluice.api.table.ObjectIdentifier;
import io.sluice.api.types.LogicalType;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

class TypeConversionTest {
    private static final ObjectIdentifier TABLE = ObjectIdentifier.of("orders");

    @Test
    void parametersAndNullabilityCarryOver() {
        assertThat(convert(new DecimalType(false, 12, 4))).isEqualTo(LogicalType.decimal(12, 4).notNull());
        assertThat(convert(new VarCharType(64))).isEqualTo(LogicalType.varchar(64));
        assertThat(convert(new VarCharType(VarCharType.MAX_LENGTH))).isEqualTo(LogicalType.string());
        assertThat(convert(new TimeType(3))).isEqualTo(LogicalType.time(3));
        assertThat(convert(new TimestampType(false, 9))).isEqualTo(LogicalType.timestamp(9).notNull());
        assertThat(convert(new LocalZonedTimestampType(3))).isEqualTo(LogicalType.timestampLtz(3));
        assertThat(convert(new BinaryType(16))).isEqualTo(LogicalType.bytes());
    }

    @Test
    void aTypeSluiceCannotWriteIsRejectedNamingTableAndColumn() {
        assertThatThrownBy(() -> TypeConversion.toSluice(TABLE, "tags", new ArrayType(new IntType())))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Table 'default_catalog.default_database.orders': column 'tags' has type "
                        + "ARRAY<INT>, which the sluice-jdbc connector cannot write");
    }

    private static LogicalType convert(org.apache.flink.table.types.logical.LogicalType type) {
        return TypeConversion.toSluice(TABLE, "c", type);
    }
}
