package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** MAP values: the column type, {@code m['key']}, {@code MAP[...]}, {@code CARDINALITY} and how they print. */
class MapTypeTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void mapsAreMadeReadCountedAndPrinted() {
        tables.env.executeSql("CREATE TABLE t (k STRING, x INT, m AS MAP['one', x, 'two', x * 2]) "
                + "WITH ('connector' = 'values', 'rows' = '+I[a, 1]\n+I[b, null]')");
        assertThat(tables.run("DESCRIBE t")).contains("m MAP<CHAR(3) NOT NULL, INT> NOT NULL AS MAP['one', x, 'two', x * 2]");
        assertThat(tables.run("SELECT k, m, m['two'], m['three'], m['twofold'], CARDINALITY(m) FROM t")).isEqualTo("""
                +I[a, {one=1, two=2}, 2, null, null, 2]
                +I[b, {one=null, two=null}, null, null, null, 2]
                """);
    }

    @Test
    void aLaterEqualKeyReplacesTheEarlierOneAndKeysAreConvertedToTheKeyType() {
        tables.env.executeSql("CREATE TABLE t (x INT) WITH ('connector' = 'values', 'rows' = '+I[7]')");
        assertThat(tables.run("SELECT MAP[1, 'a', 2, 'b', 1, 'c'], MAP[x, 'seven'][CAST(7 AS BIGINT)], "
                + "MAP['h', CAST('hi' AS BYTES)] FROM t")).isEqualTo("""
                +I[{1=c, 2=b}, seven, {h=[104, 105]}]
                """);
    }

    @Test
    void mapColumnTypesParseAndRefuseKeysThatCannotBeLookedUp() {
        tables.env.executeSql("CREATE TABLE k (h MAP<STRING, BYTES> NOT NULL, n MAP<INT, MAP<STRING, DOUBLE>>) "
                + "WITH ('connector' = 'blackhole')");
        assertThat(tables.run("DESCRIBE k")).isEqualTo("""
                h MAP<STRING, BYTES> NOT NULL
                n MAP<INT, MAP<STRING, DOUBLE>>
                """);
        assertThatThrownBy(() -> tables.env.executeSql("CREATE TABLE b (h MAP<BYTES, INT>) "
                + "WITH ('connector' = 'blackhole')"))
                .hasMessageContaining("MAP<BYTES, INT> is not supported: a MAP key must be a scalar type other than BYTES");
    }

    @Test
    void aValuesTableCannotHoldAMapColumn() {
        tables.env.executeSql("CREATE TABLE v (h MAP<STRING, INT>) WITH ('connector' = 'values', 'rows' = '+I[x]')");
        assertThatThrownBy(() -> tables.run("SELECT * FROM v")).hasMessageContaining("a MAP value cannot be written as text");
    }
}
