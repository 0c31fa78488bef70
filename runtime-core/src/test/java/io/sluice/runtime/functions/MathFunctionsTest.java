package io.sluice.runtime.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class MathFunctionsTest {
    @Test
    void roundingWorksOnTheDecimalValueOfADouble() {
        assertThat(MathFunctions.round(1.005, 2)).isEqualTo(1.01);
        assertThat(MathFunctions.round(-0.5, 0)).isEqualTo(-1.0);
        assertThat(MathFunctions.truncate(-0.59, 1)).isEqualTo(-0.5);
        assertThat(MathFunctions.round(Double.POSITIVE_INFINITY, 2)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void negativePlacesRoundLeftOfThePoint() {
        assertThat(MathFunctions.round(-150L, -2)).isEqualTo(-200L);
        assertThat(MathFunctions.truncate(-150L, -2)).isEqualTo(-100L);
        assertThat(MathFunctions.round(new BigDecimal("1250.5"), -2, 5, 0)).isEqualTo(new BigDecimal("1300"));
    }

    @Test
    void aDecimalThatNoLongerFitsItsTypeIsNull() {
        assertThat(MathFunctions.round(new BigDecimal("99.96"), 1, 3, 1)).isNull();
        assertThat(MathFunctions.round(new BigDecimal("99.94"), 1, 3, 1)).isEqualTo(new BigDecimal("99.9"));
        assertThat(MathFunctions.ceil(new BigDecimal("9.1"), 1)).isNull();
    }
}
