package io.sluice.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.types.LogicalType;
import io.sluice.planner.codegen.QueryFixture;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.junit.jupiter.api.Test;

/** What the validator makes of function calls: the types of Flink's functions, and unknown names. */
class SluiceOperatorTableTest {
    private final QueryFixture fixture = new QueryFixture(List.of("s", "amt", "i"),
            List.of(LogicalType.string(), LogicalType.decimal(10, 4), LogicalType.intType()));

    private String typeOf(String expression) {
        RelDataType type = fixture.calc("SELECT " + expression + " FROM t").outputType().getFieldList().get(0).getType();
        return type.getFullTypeString();
    }

    @Test
    void anUnknownFunctionFailsNamingItAndItsPosition() {
        assertThatThrownBy(() -> fixture.calc("SELECT s,\n  NO_SUCH_FN(i) FROM t"))
                .hasMessageContaining("From line 2, column 3")
                .hasMessageContaining("No match found for function signature NO_SUCH_FN(<NUMERIC>)");
    }

    @Test
    void wrongArgumentsFailNamingTheFunction() {
        assertThatThrownBy(() -> fixture.calc("SELECT SPLIT_INDEX(s, ',') FROM t"))
                .hasMessageContaining("Invalid number of arguments to function 'SPLIT_INDEX'");
    }

    @Test
    void namesAreCaseInsensitive() {
        assertThat(typeOf("regexp_extract(s, 'a')")).isEqualTo("VARCHAR(2147483647)");
        assertThat(typeOf("Lpad(s, 2, 'x')")).isEqualTo("VARCHAR(2147483647)");
    }

    @Test
    void roundAndTruncateTypeDecimalsAsFlink() {
        assertThat(typeOf("ROUND(amt, 2)")).isEqualTo("DECIMAL(9, 2)");
        assertThat(typeOf("ROUND(amt)")).isEqualTo("DECIMAL(7, 0)");
        assertThat(typeOf("ROUND(amt, -1)")).isEqualTo("DECIMAL(7, 0)");
        assertThat(typeOf("ROUND(amt, 6)")).isEqualTo("DECIMAL(10, 4)");
        assertThat(typeOf("TRUNCATE(amt, 1)")).isEqualTo("DECIMAL(8, 1)");
        assertThat(typeOf("ROUND(i, 1)")).isEqualTo("INTEGER");
    }

    @Test
    void functionsThatGiveNullForBadTextAreNullable() {
        assertThat(typeOf("TO_TIMESTAMP('2026-01-01')")).isEqualTo("TIMESTAMP(3)");
        assertThat(typeOf("TO_DATE('2026-01-01')")).isEqualTo("DATE");
        assertThat(typeOf("UNIX_TIMESTAMP()")).isEqualTo("BIGINT NOT NULL");
        assertThat(typeOf("CURRENT_TIME")).isEqualTo("TIME(0) NOT NULL");
    }

    @Test
    void clockReadingFunctionsAreNotDeterministic() {
        assertThat(TimeConversionOperators.UNIX_TIMESTAMP.isDeterministic()).isFalse();
        assertThat(SluiceOperators.CURRENT_TIME.isDeterministic()).isFalse();
        assertThat(SluiceOperators.LOCALTIME.isDeterministic()).isFalse();
    }
}
