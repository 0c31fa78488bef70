package io.sluice.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which rows are late follows from the rows and their order alone, never from how fast they are read:
 * the watermark moves on right after a row that advanced it more than
 * {@code pipeline.auto-watermark-interval} of event time past the last one sent.
 */
class EventTimeLatenessTest {
    private static final String CLICKS = """
            CREATE TABLE clicks (user_id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'values',
              'rows' = '+I[1, 2024-01-01 10:00:10]
            +I[2, 2024-01-01 10:01:50]
            +I[1, 2024-01-01 10:00:20]')""";
    private static final String PER_MINUTE = "SELECT window_start, COUNT(*) AS clicks "
            + "FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end";

    /**
     * However often it runs, a row read within the same millisecond as the one that passed its window is
     * late: the rows come in one after the other, the watermark after the row that moved it.
     */
    @Test
    void aRowBehindTheWatermarkOfTheRowsBeforeItIsDroppedAtAnySpeed() {
        for (int run = 0; run < 20; run++) {
            PlannerTestEnvironment tables = new PlannerTestEnvironment(Map.of("parallelism.default", "1"));
            tables.env.executeSql(CLICKS);

            assertThat(tables.run(PER_MINUTE)).as("run %d", run).isEqualTo("""
                    +I[2024-01-01T10:00, 1]
                    +I[2024-01-01T10:01, 1]
                    """);
        }
    }

    /** The interval is event time: a jump smaller than it leaves the watermark where it was until the timer. */
    @Test
    void aJumpSmallerThanTheIntervalDoesNotMoveTheWatermarkAtOnce() {
        PlannerTestEnvironment tables = new PlannerTestEnvironment(Map.of("parallelism.default", "1",
                "pipeline.auto-watermark-interval", "1 h"));
        tables.env.executeSql(CLICKS);

        assertThat(tables.run(PER_MINUTE)).isEqualTo("""
                +I[2024-01-01T10:00, 2]
                +I[2024-01-01T10:01, 1]
                """);
    }
}
