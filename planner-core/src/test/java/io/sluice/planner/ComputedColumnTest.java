package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Computed columns ({@code name AS expression}, PROCTIME()) and ROW columns with field access. */
class ComputedColumnTest {
    private static final String NEXMARK = "CREATE TABLE events (event_type INT, "
            + "person ROW<id BIGINT, name STRING, emailAddress STRING, creditCard STRING, city STRING, state STRING, "
            + "`dateTime` TIMESTAMP(3), extra STRING>, auction ROW<id BIGINT, itemName STRING, description STRING, "
            + "initialBid BIGINT, reserve BIGINT, `dateTime` TIMESTAMP(3), expires TIMESTAMP(3), seller BIGINT, "
            + "category BIGINT, extra STRING>, bid ROW<auction BIGINT, bidder BIGINT, price BIGINT, channel STRING, "
            + "url STRING, `dateTime` TIMESTAMP(3), extra STRING>, "
            + "`dateTime` AS CASE WHEN event_type = 0 THEN person.`dateTime` ELSE bid.`dateTime` END, "
            + "id_plus AS COALESCE(person.id, bid.auction) + 1, "
            + "WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '1' SECOND) WITH ('connector' = 'nexmark', "
            + "'events.num' = '100', 'seed' = '7')";

    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void computedColumnsAreDescribedWithTheTypeOfTheirExpression() {
        tables.env.executeSql("CREATE TABLE t (x INT, y AS x * 2, pt AS PROCTIME(), s AS CONCAT('v', CAST(x AS STRING))) "
                + "WITH ('connector' = 'values', 'rows' = '+I[1]\n+I[5]')");
        assertThat(tables.run("DESCRIBE t")).isEqualTo("""
                x INT
                y INT AS x * 2
                pt TIMESTAMP_LTZ(3) NOT NULL AS PROCTIME()
                s STRING AS CONCAT('v', CAST(x AS STRING))
                """);
    }

    @Test
    void computedColumnsAreComputedWhenTheTableIsRead() {
        tables.env.executeSql("CREATE TABLE t (x INT, y AS x * 2, z INT, w AS z - x) "
                + "WITH ('connector' = 'values', 'rows' = '+I[1, 10]\n+I[5, 7]')");
        assertThat(tables.run("SELECT * FROM t")).isEqualTo("""
                +I[1, 2, 10, 9]
                +I[5, 10, 7, 2]
                """);
        assertThat(tables.run("SELECT w, y FROM t WHERE y > 2")).isEqualTo("+I[2, 10]\n");
    }

    @Test
    void processingTimeIsTheTimeTheRowIsRead() {
        tables.env.executeSql("CREATE TABLE t (x INT, pt AS PROCTIME()) WITH ('connector' = 'values', 'rows' = '+I[1]')");
        long before = System.currentTimeMillis();
        assertThat(tables.run("SELECT x, pt >= TO_TIMESTAMP_LTZ(" + before + ", 3) AND pt <= NOW() FROM t"))
                .isEqualTo("+I[1, true]\n");
    }

    @Test
    void aWatermarkMayBeDeclaredOnAComputedColumnOverRowFields() {
        tables.env.executeSql(NEXMARK);
        assertThat(tables.run("EXPLAIN SELECT person.id, `dateTime` FROM events WHERE event_type = 0")).isEqualTo("""
                Calc(select=[person.id AS id, dateTime], where=[(event_type = 0)])
                +- WatermarkAssigner(rowtime=[dateTime], watermark=[(dateTime - 1000:INTERVAL SECOND)])
                   +- Calc(select=[event_type, person, auction, bid, CASE((event_type = 0), person.dateTime, bid.dateTime) AS dateTime, (CASE((person.id IS NOT NULL), person.id, bid.auction) + 1) AS id_plus])
                      +- TableSourceScan(table=[[default_catalog, default_database, events]], fields=[event_type, person, auction, bid])
                """);
        assertThat(tables.run("SELECT id_plus, `dateTime` FROM events WHERE event_type = 0"))
                .isEqualTo("+I[1001, 2024-01-01T00:00]\n+I[1002, 2024-01-01T00:00:00.005]\n");
    }

    @Test
    void anUnknownColumnInAComputedColumnIsPositionedInTheStatement() {
        assertThatThrownBy(() -> tables.env.executeSql("CREATE TABLE t (x INT,\n  y AS x + nope) "
                + "WITH ('connector' = 'values')"))
                .isInstanceOf(SqlStatementException.class)
                .hasMessageContaining("Computed column 'y': Column 'nope' not found")
                .satisfies(e -> {
                    assertThat(((SqlStatementException) e).line()).isEqualTo(2);
                    assertThat(((SqlStatementException) e).column()).isEqualTo(12);
                });
    }

    @Test
    void aComputedColumnSeesOnlyPhysicalColumns() {
        assertThatThrownBy(() -> tables.env.executeSql("CREATE TABLE t (x INT, y AS x + 1, z AS y + 1) "
                + "WITH ('connector' = 'values')"))
                .hasMessageContaining("Computed column 'z': Column 'y' not found");
    }

    @Test
    void aPrimaryKeyOnAComputedColumnIsRefused() {
        assertThatThrownBy(() -> tables.env.executeSql("CREATE TABLE t (x INT, y AS x + 1, PRIMARY KEY (y) NOT ENFORCED) "
                + "WITH ('connector' = 'values')"))
                .hasMessageContaining("Primary key column 'y' is a computed column");
    }

    @Test
    void anInsertWritesOnlyThePhysicalColumns() {
        tables.env.executeSql("CREATE TABLE target (x INT, doubled AS x * 2) WITH ('connector' = 'blackhole')");
        assertThat(tables.run("EXPLAIN INSERT INTO target SELECT CAST(CHAR_LENGTH(word) AS INT) FROM words"))
                .startsWith("Sink(table=[default_catalog.default_database.target], fields=[x])");
    }

    @Test
    void rowFieldsAreReadWithOrWithoutTheTableName() {
        tables.env.executeSql(NEXMARK);
        assertThat(tables.run("SELECT person.id, events.person.state, bid.price FROM events WHERE event_type <> 1 "
                + "AND (bid.price < 1000 OR person.id IS NOT NULL)")).isEqualTo("""
                +I[1000, CA, null]
                +I[null, null, 606]
                +I[null, null, 343]
                +I[null, null, 374]
                +I[null, null, 874]
                +I[1001, WA, null]
                +I[null, null, 809]
                +I[null, null, 738]
                +I[null, null, 150]
                +I[null, null, 103]
                +I[null, null, 130]
                +I[null, null, 593]
                """);
    }

    @Test
    void aRowTypeNamingAFieldTwiceIsRefusedAtTheField() {
        assertThatThrownBy(() -> tables.env.executeSql("CREATE TABLE r (p ROW<id BIGINT, id STRING>) "
                + "WITH ('connector' = 'blackhole')"))
                .hasMessageContaining("ROW field 'id' is declared twice")
                .satisfies(e -> assertThat(((SqlStatementException) e).column()).isEqualTo(34));
    }
}
