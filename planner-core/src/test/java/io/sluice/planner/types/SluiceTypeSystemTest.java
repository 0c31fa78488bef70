package io.sluice.planner.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.types.LogicalType;
import io.sluice.planner.codegen.QueryFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

class SluiceTypeSystemTest {
    private final QueryFixture fixture = new QueryFixture(List.of("k", "i", "l", "amount", "price"), List.of(
            LogicalType.string(), LogicalType.intType(), LogicalType.bigint(), LogicalType.decimal(12, 4),
            LogicalType.decimal(10, 2)));

    private List<String> types(String sql) {
        return LogicalTypes.toRowType(fixture.toRel(sql).getRowType()).types().stream()
                .map(LogicalType::toString).toList();
    }

    @Test
    void aggregatesGetFlinkResultTypes() {
        assertThat(types("SELECT SUM(amount), AVG(l), AVG(i), COUNT(*), COUNT(i), AVG(amount), SUM(i) FROM t GROUP BY k"))
                .containsExactly("DECIMAL(38, 4)", "BIGINT", "INT", "BIGINT NOT NULL", "BIGINT NOT NULL",
                        "DECIMAL(38, 6)", "INT");
    }

    @Test
    void decimalArithmeticFollowsFlinkTypeMerging() {
        assertThat(types("SELECT amount + price, amount * price, amount / price, amount - i FROM t"))
                .containsExactly("DECIMAL(13, 4)", "DECIMAL(23, 6)", "DECIMAL(25, 15)", "DECIMAL(15, 4)");
    }

    @Test
    void wideDecimalResultsAreNarrowedKeepingIntegerDigits() {
        QueryFixture wide = new QueryFixture(List.of("a", "b"), List.of(LogicalType.decimal(38, 10),
                LogicalType.decimal(38, 10)));
        assertThat(LogicalTypes.toRowType(wide.toRel("SELECT a * b, a / b FROM t").getRowType()).types())
                .containsExactly(LogicalType.decimal(38, 6), LogicalType.decimal(38, 6));
    }

    @Test
    void caseOfStringLiteralsOfDifferentLengthsIsVarchar() {
        assertThat(types("SELECT CASE WHEN i > 0 THEN 'a' ELSE 'bb' END FROM t")).containsExactly("VARCHAR(2) NOT NULL");
    }

    @Test
    void currentTimeFunctionsHaveMillisecondPrecision() {
        assertThat(types("SELECT CURRENT_TIMESTAMP, NOW(), LOCALTIMESTAMP, CURRENT_DATE FROM t"))
                .containsExactly("TIMESTAMP_LTZ(3) NOT NULL", "TIMESTAMP_LTZ(3) NOT NULL", "TIMESTAMP(3) NOT NULL",
                        "DATE NOT NULL");
    }
}
