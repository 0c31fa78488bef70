package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** STDDEV/VAR, FIRST_VALUE, LAST_VALUE and LISTAGG in GROUP BY, also over a changelog that retracts. */
class AggregateFunctionsTest {
    private static final String SALES = "CREATE TABLE sales (shop STRING, amount INT, buyer STRING, "
            + "PRIMARY KEY (shop, amount) NOT ENFORCED) WITH ('connector' = 'values', 'changelog-mode' = 'I,UB,UA,D', "
            + "'rows' = '+I[a, 1, ann]\n+I[a, 2, bob]\n+I[a, 6, cid]\n+I[b, 4, null]\n-D[a, 1, ann]')";

    @Test
    void deviationsAndVariancesFollowRetractions() {
        PlannerTestEnvironment tables = withSales(Map.of());
        assertThat(tables.finalRows("SELECT shop, STDDEV_POP(amount), STDDEV_SAMP(amount), VAR_POP(amount), "
                + "VAR_SAMP(amount), VAR_POP(CAST(amount AS DOUBLE)) FROM sales GROUP BY shop"))
                .containsExactlyInAnyOrder("a, 2, 2, 4, 8, 4.0", "b, 0, null, 0, null, 0.0");
    }

    @Test
    void firstLastAndListaggKeepArrivalOrderAndLoseWhatIsRetracted() {
        String query = "SELECT shop, FIRST_VALUE(buyer), LAST_VALUE(amount), LISTAGG(buyer) FROM sales GROUP BY shop";
        assertThat(withSales(Map.of()).finalRows(query))
                .containsExactlyInAnyOrder("a, bob, 6, bob,cid", "b, null, 4, null");
        // with mini-batch these functions aggregate in one phase: their value depends on the order of rows
        PlannerTestEnvironment miniBatch = withSales(Map.of("table.exec.mini-batch.enabled", "true",
                "table.exec.mini-batch.allow-latency", "1 s", "table.exec.mini-batch.size", "2"));
        assertThat(miniBatch.run("EXPLAIN " + query)).doesNotContain("LocalGroupAggregate");
        assertThat(miniBatch.finalRows(query)).containsExactlyInAnyOrder("a, bob, 6, bob,cid", "b, null, 4, null");
    }

    @Test
    void listaggJoinsWithTheSeparatorGivenAsAConstant() {
        PlannerTestEnvironment tables = withSales(Map.of());
        assertThat(tables.finalRows("SELECT shop, LISTAGG(buyer, '; ') FROM sales GROUP BY shop"))
                .containsExactlyInAnyOrder("a, bob; cid", "b, null");
        assertThatThrownBy(() -> tables.run("SELECT LISTAGG(buyer, buyer) FROM sales"))
                .hasMessageContaining("LISTAGG's separator must be a constant string");
    }

    private static PlannerTestEnvironment withSales(Map<String, String> configuration) {
        PlannerTestEnvironment tables = new PlannerTestEnvironment(configuration);
        tables.env.executeSql(SALES);
        return tables;
    }
}
