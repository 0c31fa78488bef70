package io.sluice.planner.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.types.LogicalType;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rex.RexNode;
import org.junit.jupiter.api.Test;

class RexPropertiesTest {
    private final QueryFixture fixture = new QueryFixture(
            List.of("order_id", "storeId", "tradeDate", "pmSign", "amount", "ts", "dbl", "code"),
            List.of(LogicalType.bigint(), LogicalType.intType(), LogicalType.date(), LogicalType.string(),
                    LogicalType.decimal(12, 4), LogicalType.timestamp(3), LogicalType.doubleType(),
                    LogicalType.varchar(4)));

    private RexNode expression(String sql) {
        return fixture.calc("SELECT " + sql + " FROM t").projects().get(0);
    }

    private OptionalInt injective(String sql) {
        return RexProperties.injectiveInputRef(expression(sql));
    }

    @Test
    void theSeed003CastChainKeepsTheKeyColumn() {
        assertThat(injective("CAST(CAST(tradeDate AS STRING) AS DATE)")).hasValue(2);
    }

    @Test
    void upperLosesTheKeyColumn() {
        assertThat(injective("UPPER(pmSign)")).isEmpty();
    }

    @Test
    void plainReferencesAndLosslessCastsKeepTheColumn() {
        assertThat(injective("pmSign")).hasValue(3);
        assertThat(injective("CAST(storeId AS BIGINT)")).hasValue(1);
        assertThat(injective("CAST(storeId AS DECIMAL(10, 0))")).hasValue(1);
        assertThat(injective("CAST(storeId AS DOUBLE)")).hasValue(1);
        assertThat(injective("CAST(storeId AS STRING)")).hasValue(1);
        assertThat(injective("CAST(storeId AS VARCHAR(11))")).hasValue(1);
        assertThat(injective("CAST(amount AS STRING)")).hasValue(4);
        assertThat(injective("CAST(amount AS DECIMAL(20, 6))")).hasValue(4);
        assertThat(injective("CAST(ts AS STRING)")).hasValue(5);
        assertThat(injective("CAST(tradeDate AS TIMESTAMP(3))")).hasValue(2);
        assertThat(injective("CAST(code AS VARCHAR(10))")).hasValue(7);
        assertThat(injective("CAST(CAST(storeId AS STRING) AS BIGINT)")).hasValue(1);
    }

    @Test
    void lossyFunctionsAndCastsLoseTheColumn() {
        assertThat(injective("SUBSTRING(pmSign, 1, 2)")).isEmpty();
        assertThat(injective("LOWER(pmSign)")).isEmpty();
        assertThat(injective("CAST(order_id AS INT)")).isEmpty();
        assertThat(injective("CAST(order_id AS DOUBLE)")).isEmpty();
        assertThat(injective("CAST(ts AS DATE)")).isEmpty();
        assertThat(injective("CAST(dbl AS INT)")).isEmpty();
        assertThat(injective("CAST(dbl AS STRING)")).isEmpty();
        assertThat(injective("CAST(amount AS DECIMAL(12, 2))")).isEmpty();
        assertThat(injective("CAST(storeId AS VARCHAR(3))")).isEmpty();
        assertThat(injective("CAST(pmSign AS DATE)")).isEmpty();
        assertThat(injective("CAST(CAST(ts AS STRING) AS DATE)")).isEmpty();
        assertThat(injective("storeId + 1")).isEmpty();
        assertThat(injective("'constant'")).isEmpty();
    }

    @Test
    void clockAndRandomFunctionsAreNotDeterministic() {
        for (String call : List.of("CURRENT_TIMESTAMP", "NOW()", "LOCALTIMESTAMP", "CURRENT_DATE", "RAND()",
                "RAND_INTEGER(3)", "`UUID`()", "CAST(CURRENT_TIMESTAMP AS TIMESTAMP(3))",
                "CONCAT(pmSign, CAST(RAND() AS STRING))")) {
            assertThat(RexProperties.isDeterministic(expression(call))).as(call).isFalse();
        }
    }

    @Test
    void ordinaryExpressionsAreDeterministic() {
        for (String call : List.of("pmSign", "UPPER(pmSign)", "MD5(CONCAT(CAST(storeId AS STRING), '|', pmSign))",
                "CAST(ts AS STRING)", "amount * 2", "DATE_FORMAT(ts, 'yyyy')")) {
            assertThat(RexProperties.isDeterministic(expression(call))).as(call).isTrue();
        }
    }
}
