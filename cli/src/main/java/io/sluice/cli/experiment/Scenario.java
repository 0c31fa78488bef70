package io.sluice.cli.experiment;

/** The flush settings of the two scenarios the experiment compares. */
enum Scenario {
    /** Flushes of 100 rows and a timer too slow to fire: each -D/+I pair falls into one flush. */
    A(100, "30 s"),
    /** A flush per row: the -D and its +I are written by two flushes. */
    B(1, "0");

    private final int maxRows;
    private final String interval;

    Scenario(int maxRows, String interval) {
        this.maxRows = maxRows;
        this.interval = interval;
    }

    /** {@code sink.buffer-flush.max-rows}. */
    int maxRows() {
        return maxRows;
    }

    /** {@code sink.buffer-flush.interval}. */
    String interval() {
        return interval;
    }
}
