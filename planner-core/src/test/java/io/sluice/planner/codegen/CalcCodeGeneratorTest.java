package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.types.LogicalType;
import io.sluice.runtime.codegen.CalcFunction;
import io.sluice.runtime.codegen.ClassCompiler;
import io.sluice.runtime.codegen.CodeGenerationException;
import io.sluice.runtime.plan.GeneratedClass;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalcCodeGeneratorTest {
    private final CalcRunner runner = new CalcRunner(List.of("id", "name", "amount", "d"),
            List.of(LogicalType.bigint().notNull(), LogicalType.string(), LogicalType.decimal(12, 4), LogicalType.date()));

    @Test
    void projectsAndFiltersKeepingTheRowKind() {
        CalcFunction calc = runner.compile("SELECT name, id * 2 AS doubled FROM t WHERE amount > 10");
        Row update = Row.of(RowKind.UPDATE_AFTER, 7L, "ann", new BigDecimal("12.5000"), null);
        assertThat(calc.apply(update)).isEqualTo(Row.of(RowKind.UPDATE_AFTER, "ann", 14L));
        assertThat(calc.apply(Row.insert(8L, "bob", new BigDecimal("3.0000"), null))).isNull();
    }

    @Test
    void aFilterThatIsNullDropsTheRow() {
        CalcFunction calc = runner.compile("SELECT id FROM t WHERE amount > 10 OR name = 'x'");
        assertThat(calc.apply(Row.insert(1L, null, null, null))).isNull();
        assertThat(calc.apply(Row.insert(1L, null, new BigDecimal("11.0000"), null))).isEqualTo(Row.insert(1L));
    }

    @Test
    void copiedFieldsKeepTheirValuesIncludingNull() {
        Row result = runner.apply("SELECT d, name, id FROM t", 3L, null, null, LocalDate.of(2026, 10, 9));
        assertThat(result).isEqualTo(Row.insert(LocalDate.of(2026, 10, 9), null, 3L));
    }

    @Test
    void theSameExpressionsGiveTheSameClassNameAndOthersAnother() {
        GeneratedClass first = runner.generate("SELECT UPPER(name) FROM t WHERE id > 3");
        GeneratedClass again = runner.generate("SELECT UPPER(name) FROM t WHERE id > 3");
        GeneratedClass other = runner.generate("SELECT LOWER(name) FROM t WHERE id > 3");
        assertThat(again).isEqualTo(first);
        assertThat(first.className()).startsWith("TestCalc$").isNotEqualTo(other.className());
        assertThat(first.source()).startsWith("public final class " + first.className() + " implements");
    }

    @Test
    void constantsAreHoistedIntoStaticFields() {
        GeneratedClass generated = runner.generate("SELECT amount * 1.5 FROM t WHERE d > DATE '2026-01-01'");
        assertThat(generated.source())
                .contains("private static final java.math.BigDecimal CONSTANT_")
                .contains("private static final java.time.LocalDate CONSTANT_");
    }

    @Test
    void aCompileFailureIsReportedAsAnInternalErrorWithoutTheSource() {
        GeneratedClass generated = runner.generate("SELECT id + 1 FROM t");
        GeneratedClass broken = new GeneratedClass(generated.className(),
                generated.source().replace("return new", "return nwe"));
        assertThatThrownBy(() -> ClassCompiler.newInstance(broken, CalcFunction.class))
                .isInstanceOf(CodeGenerationException.class)
                .hasMessageStartingWith("Internal error: generated class " + generated.className() + " does not compile")
                .hasMessageContaining("-Dsluice.codegen.debug=true")
                .hasMessageNotContaining("public final class");
    }

    @Test
    void unsupportedExpressionsFailAtGenerationNamingTheFunction() {
        assertThatThrownBy(() -> runner.generate("SELECT OVERLAY(CAST(id AS STRING) PLACING 'x' FROM 1) FROM t"))
                .isInstanceOf(CodeGenerationException.class)
                .hasMessageContaining("OVERLAY");
    }
}
