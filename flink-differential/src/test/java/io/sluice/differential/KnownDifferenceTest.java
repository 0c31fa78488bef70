package io.sluice.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class KnownDifferenceTest {
    private static final EventTimeCase KEEP_LAST_BY_ARRIVAL = new EventTimeCase(1, List.of(new EventTimeCase.Table(
            "t", "v", EventTimeCase.Source.INSERT_ONLY, false, true, 1, List.of())),
            "SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC) AS rn FROM t) "
                    + "WHERE rn = 1", EventTimeCase.Comparison.IN_ORDER, false);

    @Test
    void flinkDroppingAnUpdateToAnEqualRowByArrivalIsKnown() {
        List<String> sluice = List.of("+I[a, 8]", "-U[a, 8]", "+U[a, 8]", "-U[a, 8]", "+U[a, 5]");

        assertThat(KnownDifference.of(KEEP_LAST_BY_ARRIVAL, List.of("+I[a, 8]", "-U[a, 8]", "+U[a, 5]"), sluice))
                .isEqualTo(KnownDifference.EQUAL_ROW_BY_ARRIVAL_IN_ONE_MILLISECOND);
    }

    @Test
    void droppingAnyOtherUpdateIsNot() {
        List<String> sluice = List.of("+I[a, 8]", "-U[a, 8]", "+U[a, 7]", "-U[a, 7]", "+U[a, 5]");

        assertThat(KnownDifference.of(KEEP_LAST_BY_ARRIVAL, List.of("+I[a, 8]", "-U[a, 8]", "+U[a, 5]"), sluice))
                .isNull();
    }
}
