package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Constants fold with the generated code's semantics, in the session time zone ({@code table.local-time-zone}). */
class ConstantFoldingTest {
    private final PlannerTestEnvironment tables = new PlannerTestEnvironment();

    @Test
    void castOfTimestampToStringFoldsAsFlinkFormatsIt() {
        assertThat(tables.run("EXPLAIN SELECT word, CAST(TIMESTAMP '2026-10-12 00:00:00.000' AS STRING) AS t "
                + "FROM words")).startsWith("Calc(select=[word, '2026-10-12 00:00:00.000' AS t])\n");
    }

    @Test
    void dateFormatOfConstantFolds() {
        assertThat(tables.run("EXPLAIN SELECT word FROM words WHERE word = "
                + "DATE_FORMAT(TIMESTAMP '2026-10-12 13:14:15', 'yyyy-MM-dd')"))
                .startsWith("Calc(select=[word], where=[(word = '2026-10-12')])\n");
    }

    @Test
    void foldedAndRowByRowValuesUseTheSessionTimeZone() {
        tables.env.executeSql("SET 'table.local-time-zone' = 'Asia/Shanghai'");
        tables.env.executeSql("CREATE TABLE times (ts TIMESTAMP(3)) WITH ('connector' = 'values', "
                + "'rows' = '+I[2026-10-12T08:00:00]')");
        assertThat(tables.run("SELECT CAST(ts AS TIMESTAMP(3) WITH LOCAL TIME ZONE), "
                + "CAST(TIMESTAMP '2026-10-12 08:00:00' AS TIMESTAMP(3) WITH LOCAL TIME ZONE) FROM times"))
                .isEqualTo("+I[2026-10-12T00:00:00Z, 2026-10-12T00:00:00Z]\n");
    }

    @Test
    void unknownTimeZoneIsRejectedAtSet() {
        assertThatThrownBy(() -> tables.env.executeSql("SET 'table.local-time-zone' = 'Mars/Olympus'"))
                .hasMessageContaining("Invalid value for option 'table.local-time-zone' = 'Mars/Olympus'");
    }
}
