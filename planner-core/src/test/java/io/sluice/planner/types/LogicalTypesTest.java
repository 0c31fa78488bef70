package io.sluice.planner.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.types.LogicalType;
import io.sluice.planner.codegen.QueryFixture;
import io.sluice.runtime.plan.RowType;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

class LogicalTypesTest {
    private final RelDataTypeFactory factory = new JavaTypeFactoryImpl(SluiceTypeSystem.INSTANCE);

    @Test
    void everyLogicalTypeSurvivesTheRoundTripThroughCalcite() {
        List<LogicalType> types = List.of(LogicalType.booleanType(), LogicalType.tinyint(), LogicalType.smallint(),
                LogicalType.intType().notNull(), LogicalType.bigint(), LogicalType.floatType(),
                LogicalType.doubleType(), LogicalType.decimal(12, 4), LogicalType.decimal(38, 0).notNull(),
                LogicalType.charType(3), LogicalType.varchar(32), LogicalType.string(), LogicalType.date(),
                LogicalType.time(3), LogicalType.timestamp(3), LogicalType.timestamp(9), LogicalType.timestampLtz(3),
                LogicalType.bytes());
        for (LogicalType type : types) {
            assertThat(LogicalTypes.toLogicalType(LogicalTypes.toRelDataType(factory, type))).isEqualTo(type);
        }
    }

    @Test
    void calciteSpecificTypesMapToTheirSluiceNames() {
        RelDataType ltz = factory.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 3);
        assertThat(LogicalTypes.toLogicalType(ltz).toString()).isEqualTo("TIMESTAMP_LTZ(3) NOT NULL");
        assertThat(LogicalTypes.toLogicalType(factory.createSqlType(SqlTypeName.BINARY, 4)))
                .isEqualTo(LogicalType.bytes().notNull());
        assertThat(LogicalTypes.toLogicalType(factory.createSqlType(SqlTypeName.VARCHAR)))
                .isEqualTo(LogicalType.string().notNull());
        assertThat(LogicalTypes.toLogicalType(factory.createSqlType(SqlTypeName.TIMESTAMP)))
                .isEqualTo(LogicalType.timestamp(6).notNull());
    }

    @Test
    void unsupportedTypesAreRejectedByName() {
        RelDataType array = factory.createArrayType(factory.createSqlType(SqlTypeName.INTEGER), -1);
        assertThatThrownBy(() -> LogicalTypes.toLogicalType(array))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("INTEGER NOT NULL ARRAY");
    }

    @Test
    void rowTypeKeepsNamesAndTypes() {
        RelDataType rowType = factory.builder()
                .add("word", LogicalTypes.toRelDataType(factory, LogicalType.string()))
                .add("cnt", factory.createSqlType(SqlTypeName.BIGINT))
                .build();
        assertThat(LogicalTypes.toRowType(rowType))
                .isEqualTo(new RowType(List.of("word", "cnt"), List.of(LogicalType.string(), LogicalType.bigint().notNull())));
    }

    @Test
    void castToTheStringAndBytesAliasesValidates() {
        QueryFixture fixture = new QueryFixture(List.of("a", "d"), List.of(LogicalType.intType(), LogicalType.date()));
        RelNode rel = fixture.toRel("SELECT CAST(a AS STRING) AS s, CAST(CAST(d AS string) AS DATE) AS d2,"
                + " CAST('ab' AS BYTES) AS b, CAST(d AS TIMESTAMP_LTZ) AS ltz FROM t");
        assertThat(LogicalTypes.toRowType(rel.getRowType()).types()).containsExactly(LogicalType.string(),
                LogicalType.date(), LogicalType.bytes().notNull(), LogicalType.timestampLtz(6));
    }
}
